// The activity log (superadmins): every write, newest first, filterable by who, where, what and when.
import { useState } from "react";
import { Alert, Button, DatePicker, Empty, Grid, List as AntList, Select, Space, Table, Tooltip, Typography } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useList } from "@refinedev/core";
import type { UserDoc } from "../../../protocol/api";
import { registry, resourceByName } from "../../app/definitions";
import { dayjs } from "../../lib/dates";
import { t, tOf } from "../../../providers/i18n";
import { PageTitle } from "../PageTitle";
import { CenterSelect } from "../resources/CenterSelect";
import { useApi, type List } from "../approvals/api";
import { ACTIVITY_KEY, browserOf, shortValue, type ActivityEntry, type ActivityFilters } from "../activity/api";

const PAGE_SIZE = 25;
const actionLabel = (action: string) => tOf("activity.actions", action);

function Changes({ entry }: { entry: ActivityEntry }) {
  if (entry.changes.length === 0) return <Typography.Text type="secondary">{t("activity.noChanges")}</Typography.Text>;
  return (
    <ul className="activity__changes">
      {entry.changes.slice(0, 4).map((c) => (
        <li key={c.field}>
          <strong>{c.label}</strong>: <span className="activity__before">{shortValue(c.before)}</span> → {shortValue(c.after)}
        </li>
      ))}
      {entry.changes.length > 4 && <li>+{entry.changes.length - 4}</li>}
    </ul>
  );
}

export default function Activity() {
  const api = useApi();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [page, setPage] = useState(1);
  const { result: users } = useList<UserDoc>({ resource: "users", pagination: { pageSize: 100 } });
  const query = useQuery({
    queryKey: [ACTIVITY_KEY, filters, page],
    queryFn: async () => (await api.get<List<ActivityEntry>>("/api/activity", { ...filters, page, limit: PAGE_SIZE })).data!,
    retry: false,
  });
  const set = (change: Partial<ActivityFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const types = [...registry.map((d) => ({ value: d.name, label: d.labelPlural }))].sort((a, b) => a.label.localeCompare(b.label));
  // The record's kind in the console's language; the server's English label for one it no longer defines.
  const kindOf = (e: ActivityEntry) => resourceByName(e.resource ?? undefined)?.label ?? e.resource_label;
  const status = (query.error as { statusCode?: number } | null)?.statusCode;
  // A phone gets one card per write instead of a table wider than the screen.
  const narrow = !Grid.useBreakpoint().md;
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t("activity.noMatch") : t("activity.empty")} />;
  const pagination = { current: page, pageSize: PAGE_SIZE, total: query.data?.totalDocs ?? 0, showSizeChanger: false, onChange: setPage };

  return (
    <>
      <PageTitle>{t("activity.title")}</PageTitle>
      <Typography.Paragraph type="secondary">{t("activity.intro")}</Typography.Paragraph>
      <Space wrap className="activity__filters" classNames={{ item: "activity__filter" }} aria-label={t("activity.title")}>
        <Select
          aria-label={t("activity.who")}
          placeholder={t("activity.anyone")}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 200 }}
          className="activity__control"
          value={filters.user_id}
          options={(users?.data ?? []).map((u) => ({ value: u.id, label: u.fullname }))}
          onChange={(v?: number) => set({ user_id: v })}
        />
        <CenterSelect
          ariaLabel={t("activity.center")}
          placeholder={t("activity.anyCenter")}
          className="activity__control"
          allowClear
          value={filters.center_code ?? null}
          onChange={(v) => set({ center_code: v ?? undefined })}
        />
        <Select
          aria-label={t("activity.what")}
          placeholder={t("activity.anyType")}
          allowClear
          style={{ minWidth: 180 }}
          className="activity__control"
          value={filters.resource}
          options={types}
          onChange={(v?: string) => set({ resource: v })}
        />
        <DatePicker.RangePicker
          aria-label={t("activity.dates")}
          className="activity__control"
          value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to).subtract(1, "day")] : null}
          onChange={(range) =>
            set(
              range && range[0] && range[1]
                ? { from: range[0].startOf("day").toISOString(), to: range[1].add(1, "day").startOf("day").toISOString() }
                : { from: undefined, to: undefined },
            )
          }
        />
        {filtered && <Button onClick={() => (setFilters({}), setPage(1))}>{t("activity.clear")}</Button>}
      </Space>
      {query.isError ? (
        <Alert
          type={status === 403 ? "warning" : "error"}
          showIcon
          message={status === 403 ? t("activity.superadminsOnly") : t("activity.loadFailed")}
          action={status === 403 ? undefined : <Button onClick={() => void query.refetch()}>{t("activity.retry")}</Button>}
        />
      ) : narrow ? (
        <AntList<ActivityEntry>
          className="activity__cards"
          loading={query.isLoading}
          dataSource={query.data?.docs ?? []}
          locale={{ emptyText: empty }}
          pagination={{ ...pagination, size: "small" }}
          renderItem={(e) => (
            <AntList.Item key={e.id}>
              <div className="activity__card">
                <div>
                  <strong>{e.actor?.name ?? t("activity.system")}</strong> · {actionLabel(e.action)}{" "}
                  <Typography.Text type="secondary">{kindOf(e)}</Typography.Text>
                </div>
                {e.record_title && <Typography.Text strong>{e.record_title}</Typography.Text>}
                <Typography.Text type="secondary" className="activity__meta">
                  <time dateTime={e.at}>{dayjs(e.at).fromNow()}</time>
                  {e.center_code ? ` · ${e.center_code}` : ""}
                  {e.ip ? ` · ${e.ip}` : ""}
                </Typography.Text>
                {e.changes.length > 0 && <Changes entry={e} />}
              </div>
            </AntList.Item>
          )}
        />
      ) : (
        <Table<ActivityEntry>
          rowKey="id"
          size="middle"
          loading={query.isLoading}
          dataSource={query.data?.docs ?? []}
          scroll={{ x: 960 }}
          locale={{ emptyText: empty }}
          pagination={pagination}
          columns={[
            {
              title: t("activity.when"),
              dataIndex: "at",
              width: 150,
              render: (at: string) => (
                <Tooltip title={dayjs(at).format("D MMM YYYY HH:mm:ss")}>
                  <time dateTime={at}>{dayjs(at).fromNow()}</time>
                </Tooltip>
              ),
            },
            { title: t("activity.who"), dataIndex: "actor", width: 170, render: (actor: ActivityEntry["actor"]) => actor?.name ?? t("activity.system") },
            {
              title: t("activity.what"),
              key: "what",
              render: (_: unknown, e: ActivityEntry) => (
                <>
                  {actionLabel(e.action)} <Typography.Text type="secondary">{kindOf(e)}</Typography.Text>
                  {e.record_title && (
                    <div>
                      <Typography.Text strong ellipsis={{ tooltip: e.record_title }} style={{ maxWidth: 260 }}>
                        {e.record_title}
                      </Typography.Text>
                    </div>
                  )}
                </>
              ),
            },
            { title: t("activity.center"), dataIndex: "center_code", width: 90, render: (c: string | null) => c ?? "—" },
            { title: t("activity.changes"), key: "changes", render: (_: unknown, e: ActivityEntry) => <Changes entry={e} /> },
            {
              title: t("activity.from"),
              key: "from",
              width: 170,
              render: (_: unknown, e: ActivityEntry) => (
                <Tooltip title={e.user_agent ?? undefined}>
                  <div>{e.ip ?? "—"}</div>
                  <Typography.Text type="secondary">{browserOf(e.user_agent)}</Typography.Text>
                </Tooltip>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
