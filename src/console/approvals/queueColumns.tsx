import { Space, Typography, type TableColumnsType } from "antd";
import { Link } from "react-router";
import { t } from "../../../providers/i18n";
import { tableWidth } from "../layout/tableWidth";
import type { ApprovalRequest } from "./api";
import { Age, ChangeTag, When } from "./display";
import { approvalPagePath, type Queue } from "./queues";
import type { RequestStatus } from "./state";

interface Options {
  queue: Queue;
  status: RequestStatus;
  /** A superadmin without a center: each row names its center. */
  acrossCenters: boolean;
  /** The type's name in the console's language; undefined for a type this console does not know. */
  labelOf: (resource: string) => string | undefined;
}

/** The row selection's checkbox column (QueueScreen), which the table adds itself. */
export const SELECTION_WIDTH = 48;
/**
 * The type, center and author columns: narrow (cut with an ellipsis, whole on hover) so that the
 * title, the one column without a width, takes what is left, at least its least width.
 */
const SECONDARY_WIDTH = 120;

/** The wide table's scroll width: at 1280 px the queue fits beside the sidebar, the title at its least width. */
export const queueTableWidth = (columns: TableColumnsType<ApprovalRequest>, selectable: boolean) =>
  tableWidth(columns, "title", { extra: selectable ? SELECTION_WIDTH : 0 });

/** A queue's columns for a wide table, and the one column that says it all on a phone. */
export function queueColumns({ queue, status, acrossCenters, labelOf }: Options) {
  const columns: TableColumnsType<ApprovalRequest> = [
    {
      key: "title",
      title: t("approval.columns.title"),
      dataIndex: "title",
      ellipsis: true,
      render: (title: string, row) => (
        <Link to={approvalPagePath(row.id)} onClick={(e) => e.stopPropagation()}>
          <Typography.Text strong>{title || `#${row.record_id}`}</Typography.Text>
        </Link>
      ),
    },
    // Wide enough for the longest header and tag of either language ("Perubahan", "Penghapusan").
    { key: "change", title: t("approval.columns.change"), dataIndex: "change", width: 120, render: (change) => <ChangeTag change={change} /> },
    ...(queue.resources.length > 1
      ? [
          {
            key: "resource",
            title: t("approval.columns.type"),
            dataIndex: "resource",
            width: SECONDARY_WIDTH,
            ellipsis: true,
            // The console's own (translated) name first: the server's is English.
            render: (r: string, row: ApprovalRequest) => labelOf(r) ?? row.resource_label ?? r,
          },
        ]
      : []),
    ...(acrossCenters
      ? [
          {
            key: "center",
            title: t("resource.center"),
            width: SECONDARY_WIDTH,
            ellipsis: true,
            render: (_: unknown, row: ApprovalRequest) => row.center_web_name ?? row.center_code ?? "-",
          },
        ]
      : []),
    { key: "author", title: t("approval.columns.author"), dataIndex: "submitted_by_name", width: SECONDARY_WIDTH, ellipsis: true, render: (v) => v ?? "-" },
    ...(status === "pending"
      ? // How long it has waited says when it came; the tag's hover gives the time it was submitted.
        [{ key: "age", title: t("approval.columns.age"), dataIndex: "submitted_at", width: 120, render: (at: string) => <Age at={at} /> }]
      : [
          {
            key: "decided",
            title: t("approval.columns.decided"),
            width: 160,
            render: (_: unknown, row: ApprovalRequest) => (
              <Space direction="vertical" size={0}>
                <span>{row.decided_by_name ?? "-"}</span>
                <Typography.Text type="secondary">
                  <When at={row.decided_at} />
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: "reason",
            title: status === "rejected" ? t("approval.columns.reason") : t("approval.columns.comment"),
            width: 160,
            ellipsis: true,
            render: (_: unknown, row: ApprovalRequest) => (status === "rejected" ? row.reason : row.comment) ?? "-",
          },
        ]),
  ];

  // On a phone one column says it all: the title, then the change, its age and its author.
  const phoneColumns: TableColumnsType<ApprovalRequest> = [
    {
      key: "request",
      title: t("approval.columns.title"),
      render: (_: unknown, row: ApprovalRequest) => (
        <Space direction="vertical" size={4} style={{ minWidth: 0, width: "100%" }}>
          <Link to={approvalPagePath(row.id)} onClick={(e) => e.stopPropagation()}>
            <Typography.Text strong>{row.title || `#${row.record_id}`}</Typography.Text>
          </Link>
          <Space size={[4, 4]} wrap>
            <ChangeTag change={row.change} />
            {status === "pending" ? <Age at={row.submitted_at} /> : <When at={row.decided_at} />}
            <Typography.Text type="secondary">
              {[
                labelOf(row.resource) ?? row.resource_label ?? row.resource,
                acrossCenters ? (row.center_web_name ?? row.center_code) : null,
                row.submitted_by_name,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Typography.Text>
          </Space>
          {status === "rejected" && row.reason && <Typography.Text type="danger">{row.reason}</Typography.Text>}
        </Space>
      ),
    },
  ];

  return { columns, phoneColumns };
}
