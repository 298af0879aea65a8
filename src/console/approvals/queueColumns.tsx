import { Space, Typography, type TableColumnsType } from "antd";
import { Link } from "react-router";
import { t } from "../../../providers/i18n";
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
    { key: "change", title: t("approval.columns.change"), dataIndex: "change", width: 100, render: (change) => <ChangeTag change={change} /> },
    ...(queue.resources.length > 1
      ? [
          {
            key: "resource",
            title: t("approval.columns.type"),
            dataIndex: "resource",
            width: 150,
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
            width: 150,
            ellipsis: true,
            render: (_: unknown, row: ApprovalRequest) => row.center_web_name ?? row.center_code ?? "-",
          },
        ]
      : []),
    { key: "author", title: t("approval.columns.author"), dataIndex: "submitted_by_name", width: 150, ellipsis: true, render: (v) => v ?? "-" },
    ...(status === "pending"
      ? [
          { key: "submitted", title: t("approval.columns.submitted"), dataIndex: "submitted_at", width: 140, render: (at: string) => <When at={at} /> },
          { key: "age", title: t("approval.columns.age"), dataIndex: "submitted_at", width: 110, render: (at: string) => <Age at={at} /> },
        ]
      : [
          {
            key: "decided",
            title: t("approval.columns.decided"),
            width: 190,
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
