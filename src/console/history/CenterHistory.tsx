import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Alert, Card, Grid, Space, Table, Tag, Typography } from "antd";
import type { TableColumnsType } from "antd";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { isSuperadmin, session } from "../../../providers/session";
import { t } from "../../../providers/i18n";
import { PageTitle } from "../PageTitle";
import { CenterSelect } from "../resources/CenterSelect";
import { centerHistoryPath, versionPath } from "../resources/model";
import { useApi, VERSIONS_KEY, type List, type VersionRow } from "../approvals/api";
import { ActionTag, awaitsDecision, DecisionSummary, When } from "../approvals/display";
import { VersionSummary } from "./HistoryScreen";
import "../approvals/approvals.css";

const PAGE_SIZE = 25;

/** Every version of every record of one center (/app/administration/link-history/:center_code), newest first. */
export function CenterHistory({ definition }: { definition: ResourceDefinition }) {
  const { center_code: centerCode = "" } = useParams();
  const api = useApi();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const superadmin = isSuperadmin(session.getUser());
  const wide = Grid.useBreakpoint().md !== false;

  const versions = useQuery({
    queryKey: [VERSIONS_KEY, definition.name, "center", centerCode, page],
    queryFn: async () => (await api.get<List<VersionRow>>(`/api/${definition.name}/versions`, { center_code: centerCode, page, limit: PAGE_SIZE })).data,
    placeholderData: keepPreviousData,
    enabled: !!centerCode,
  });

  const rowPath = (row: VersionRow) => (row.record_id === undefined ? undefined : versionPath(definition, row.record_id, row.version));

  const columns: TableColumnsType<VersionRow> = [
    {
      key: "title",
      title: definition.label,
      dataIndex: "title",
      ellipsis: true,
      width: 240,
      render: (title: string | undefined, row) => {
        const path = rowPath(row);
        const text = <Typography.Text strong>{title || `#${row.record_id}`}</Typography.Text>;
        return path ? <Link to={path}>{text}</Link> : text;
      },
    },
    {
      key: "version",
      title: t("history.columns.version"),
      dataIndex: "version",
      width: 110,
      render: (version: number, row) => (
        <Space size={4}>
          {t("history.versionShort", { version })}
          {row.live && <Tag color="green">{t("history.live")}</Tag>}
        </Space>
      ),
    },
    { key: "action", title: t("history.columns.action"), dataIndex: "action", width: 150, render: (action) => <ActionTag action={action} /> },
    { key: "actor", title: t("history.columns.actor"), dataIndex: "actor_name", width: 160, ellipsis: true, render: (v) => v ?? "-" },
    { key: "at", title: t("history.columns.at"), dataIndex: "at", width: 160, render: (at) => <When at={at} /> },
    {
      key: "decision",
      title: t("history.columns.decision"),
      dataIndex: "decision",
      width: 260,
      render: (decision, row) => <DecisionSummary decision={decision} waiting={awaitsDecision(row)} />,
    },
    {
      key: "note",
      title: t("history.columns.note"),
      dataIndex: "note",
      ellipsis: { showTitle: true },
      render: (note) => note || <Typography.Text type="secondary">-</Typography.Text>,
    },
  ];

  return (
    <>
      <PageTitle>{t("history.centerTitle", { label: definition.label, center: centerCode })}</PageTitle>
      <Card>
        {superadmin && (
          <div className="queue-toolbar">
            <CenterSelect
              ariaLabel={t("resource.filterByCenter")}
              placeholder={t("resource.chooseCenter")}
              value={centerCode || null}
              onChange={(code) => code && navigate(centerHistoryPath(definition, code)!)}
            />
          </div>
        )}
        {versions.isError ? (
          <Alert type="error" showIcon message={versions.error?.message ?? t("resource.loadFailed")} />
        ) : (
          <Table<VersionRow>
            rowKey={(row) => `${row.record_id}:${row.version}`}
            columns={
              wide
                ? columns
                : [
                    {
                      key: "version",
                      title: definition.label,
                      render: (_: unknown, row: VersionRow) => <VersionSummary row={row} link={rowPath(row)} title={row.title || `#${row.record_id}`} />,
                    },
                  ]
            }
            dataSource={versions.data?.docs ?? []}
            loading={versions.isLoading}
            scroll={wide ? { x: 1240 } : undefined}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: versions.data?.totalDocs ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: (p) => setParams(p === 1 ? {} : { page: String(p) }),
            }}
            locale={{ emptyText: t("history.centerEmpty", { labels: definition.labelPlural.toLowerCase() }) }}
          />
        )}
      </Card>
    </>
  );
}
