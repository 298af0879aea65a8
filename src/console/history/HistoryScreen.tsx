import { CanAccess } from "@refinedev/core";
import { liveSpan, zoneOr } from "../schedule/zoned";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Grid, Space, Table, Tag, Typography } from "antd";
import type { TableColumnsType } from "antd";
import { AuditOutlined, EditOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";
import { tableWidth } from "../layout/tableWidth";
import { PageTitle } from "../PageTitle";
import { editPath, historyDetailsPath, listPathFor, titleOf } from "../resources/model";
import { useApi, VERSIONS_KEY, type List, type VersionRow } from "../approvals/api";
import { ActionTag, awaitsDecision, DecisionSummary, RecordStateTag, When } from "../approvals/display";
import { approvalPagePath } from "../approvals/queues";
import { useRecord } from "./useRecord";
import "../approvals/approvals.css";

const PAGE_SIZE = 20;

/** A record's versions, newest first: who changed what and when, and how each request was decided. */
export function HistoryScreen({ definition }: { definition: ResourceDefinition }) {
  const { id } = useParams();
  const api = useApi();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { record, query: recordQuery } = useRecord(definition, id);

  const versions = useQuery({
    queryKey: [VERSIONS_KEY, definition.name, id, "list", page],
    queryFn: async () => (await api.get<List<VersionRow>>(`/api/${definition.name}/${encodeURIComponent(id ?? "")}/versions`, { page, limit: PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
  });

  const title = record ? titleOf(definition, record) : `#${id}`;
  const details = (version: number) => historyDetailsPath(definition, id, version);
  const edit = editPath(definition, id);
  const openRequest = record?.review?.status === "pending" ? record.review.id : null;
  const wide = Grid.useBreakpoint().md !== false;
  const zone = zoneOr((record as { center_time_zone?: string } | undefined)?.center_time_zone);

  const columns: TableColumnsType<VersionRow> = [
    {
      key: "version",
      title: t("history.columns.version"),
      dataIndex: "version",
      width: 110,
      render: (version: number, row) => (
        <Space size={4}>
          {details(version) ? (
            <Link to={details(version)!} onClick={(e) => e.stopPropagation()}>
              {t("history.versionShort", { version })}
            </Link>
          ) : (
            t("history.versionShort", { version })
          )}
          {row.live && <Tag color="green">{t("history.live")}</Tag>}
          <LiveSpan row={row} zone={zone} />
        </Space>
      ),
    },
    { key: "action", title: t("history.columns.action"), dataIndex: "action", width: 130, render: (action) => <ActionTag action={action} /> },
    { key: "actor", title: t("history.columns.actor"), dataIndex: "actor_name", ellipsis: true, render: (v) => v ?? "-" },
    { key: "at", title: t("history.columns.at"), dataIndex: "at", width: 150, render: (at) => <When at={at} /> },
    {
      key: "note",
      title: t("history.columns.note"),
      dataIndex: "note",
      ellipsis: { showTitle: true },
      render: (note) => note || <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      key: "decision",
      title: t("history.columns.decision"),
      dataIndex: "decision",
      width: 230,
      render: (decision, row) => <DecisionSummary decision={decision} waiting={awaitsDecision(row)} />,
    },
  ];

  // On a phone, one column: the version and its change, who and when, the note and the decision.
  const phoneColumns: TableColumnsType<VersionRow> = [
    {
      key: "version",
      title: t("history.columns.version"),
      render: (_: unknown, row) => <VersionSummary row={row} link={details(row.version)} zone={zone} />,
    },
  ];

  return (
    <>
      <PageTitle
        extra={
          <Space wrap>
            {openRequest && (
              <CanAccess action="list" params={{ permissionKey: "approval_management" }}>
                <Link to={approvalPagePath(openRequest)}>
                  <Button icon={<AuditOutlined />}>{t("history.review")}</Button>
                </Link>
              </CanAccess>
            )}
            {edit && record && (
              <CanAccess resource={definition.name} action="edit" params={{ id }}>
                <Link to={edit}>
                  <Button icon={<EditOutlined />}>{t("resource.editAction")}</Button>
                </Link>
              </CanAccess>
            )}
            <Link to={listPathFor(definition, record)}>
              <Button icon={<UnorderedListOutlined />}>{t("history.backToList", { labels: definition.labelPlural })}</Button>
            </Link>
          </Space>
        }
      >
        {t("history.title", { label: definition.label, title })}
      </PageTitle>
      {record && (
        <Space style={{ marginBottom: 12 }} wrap>
          <RecordStateTag record={record} />
          {record.center_web_name && <Typography.Text type="secondary">{String(record.center_web_name)}</Typography.Text>}
        </Space>
      )}
      {recordQuery.isError && <Alert className="state-alert" type="error" showIcon message={recordQuery.error?.message ?? t("resource.loadFailed")} />}
      <Card>
        {versions.isError ? (
          <Alert type="error" showIcon message={versions.error?.message ?? t("resource.loadFailed")} />
        ) : (
          <Table<VersionRow>
            rowKey="version"
            columns={wide ? columns : phoneColumns}
            dataSource={versions.data?.docs ?? []}
            loading={versions.isLoading}
            scroll={wide ? { x: tableWidth(columns) } : undefined}
            rowClassName={details(1) ? "queue-row" : undefined}
            onRow={(row) => ({
              onClick: (event) => {
                if ((event.target as HTMLElement).closest("a, button")) return;
                const path = details(row.version);
                if (path) navigate(path);
              },
            })}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: versions.data?.totalDocs ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: (p) => setParams(p === 1 ? {} : { page: String(p) }),
            }}
            locale={{ emptyText: t("history.empty") }}
          />
        )}
      </Card>
    </>
  );
}

/** One version in a few lines (phones): "v3 Live Edited", who and when, the note, the decision. */
/** When the version was on the website (its live marks), in the record's center's zone. */
function LiveSpan({ row, zone }: { row: VersionRow; zone: string }) {
  const text = liveSpan(row, zone, t);
  return text ? <Typography.Text type="secondary">{text}</Typography.Text> : null;
}

export function VersionSummary({ row, link, title, zone }: { row: VersionRow; link?: string; title?: string; zone?: string }) {
  const name = t("history.versionShort", { version: row.version });
  return (
    <Space direction="vertical" size={4} style={{ width: "100%", minWidth: 0 }}>
      {title && <Typography.Text strong>{title}</Typography.Text>}
      <Space size={[4, 4]} wrap>
        {link ? <Link to={link}>{name}</Link> : <span>{name}</span>}
        {row.live && <Tag color="green">{t("history.live")}</Tag>}
        <ActionTag action={row.action} />
      </Space>
      <Typography.Text type="secondary">
        {row.actor_name ?? "-"} · <When at={row.at} />
      </Typography.Text>
      {zone && <LiveSpan row={row} zone={zone} />}
      {row.note && <Typography.Text className="prewrap">{row.note}</Typography.Text>}
      {(row.decision || awaitsDecision(row)) && <DecisionSummary decision={row.decision} waiting={awaitsDecision(row)} />}
    </Space>
  );
}
