import { useEffect, useMemo, useState, type AriaAttributes, type Key } from "react";
import { useCan } from "@refinedev/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Empty, Form, Grid, Input, Pagination, Result, Table, Tabs, Typography, theme, type CheckboxProps } from "antd";
import { DecisionModal } from "./DecisionModal";
import { CheckCircleOutlined, CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { BulkOutcomeAlert, type BulkOutcome, type Kind } from "./BulkOutcomeAlert";
import { queueColumns, queueTableWidth, SELECTION_WIDTH } from "./queueColumns";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { registry as allDefinitions } from "../../app/definitions";
import type { ResourceDefinition } from "../../../resources/types";
import { HttpError } from "../../../providers/http";
import { isSuperadmin, session } from "../../../providers/session";
import { labelText, t } from "../../../providers/i18n";
import { PageTitle } from "../PageTitle";
import { CenterSelect } from "../resources/CenterSelect";
import { serverFieldErrors } from "../serverErrors";
import { APPROVALS_KEY, useApi, type ApprovalRequest, type BulkResult, type List } from "./api";
import { ImageGrid } from "./ImageGrid";
import { SelectAll } from "./SelectAll";
import { approvalPagePath, type Queue } from "./queues";
import "./approvals.css";
import type { RequestStatus } from "./state";

/** The tabs: a withdrawn request is decided by nobody, so it has no tab (nor strings for one). */
const STATUSES = ["pending", "approved", "rejected"] as const satisfies readonly RequestStatus[];
type Tab = (typeof STATUSES)[number];

/** /app/administration/<queue>-approval: the open (or decided) requests of one queue. */
export function QueueScreen({ queue, definitions = allDefinitions }: { queue: Queue; definitions?: readonly ResourceDefinition[] }) {
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm();
  const grid = queue.layout === "grid";
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const wide = screens.md !== false;
  const pageSize = grid ? 24 : 20;

  const status = (STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as Tab) : "pending";
  const q = params.get("q") ?? "";
  const center = params.get("center") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const acrossCenters = isSuperadmin(session.getUser()) && !session.getCenter();

  const [search, setSearch] = useState(q);
  useEffect(() => setSearch(q), [q]);
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk, setBulk] = useState<Kind | null>(null);
  const [saving, setSaving] = useState(false);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [cleared, setCleared] = useState(() => !!(location.state as { cleared?: boolean } | null)?.cleared);

  const { data: decideAccess } = useCan({ action: "edit", params: { permissionKey: "approval_management" } });
  const canDecide = !!decideAccess?.can;
  // Nobody but a superadmin decides their own change: a reviewer's own open requests are listed
  // apart, so the main list is what waits for them, as many as the sidebar counts.
  const ownApart = status === "pending" && canDecide && !isSuperadmin(session.getUser());

  const fetchPage = async (submittedBy: "me" | "others" | undefined, pageNumber: number, limit: number) =>
    (
      await api.get<List<ApprovalRequest>>("/api/approvals", {
        queue: queue.name,
        status,
        q,
        center_code: acrossCenters ? center : undefined,
        submitted_by: submittedBy,
        page: pageNumber,
        limit,
        // Open requests oldest first (who waited longest); decided ones newest first.
        sort: status === "pending" ? "submitted_at" : "-submitted_at",
      })
    ).data;
  const query = useQuery({
    queryKey: [APPROVALS_KEY, "list", queue.name, status, q, center, page, pageSize, ownApart],
    queryFn: () => fetchPage(ownApart ? "others" : undefined, page, pageSize),
    placeholderData: keepPreviousData,
  });
  const own = useQuery({
    queryKey: [APPROVALS_KEY, "list", queue.name, status, q, center, "own"],
    queryFn: () => fetchPage("me", 1, 100),
    enabled: ownApart,
  });
  const ownDocs = ownApart ? (own.data?.docs ?? []) : [];
  const docs = query.data?.docs ?? [];
  const total = query.data?.totalDocs ?? 0;
  const titles = useMemo(() => Object.fromEntries(docs.map((d) => [d.id, d.title])), [docs]);

  // A new page, tab, search or center starts with nothing selected (from the render that shows it).
  const shownPage = JSON.stringify([status, q, center, page]);
  const [selectedOn, setSelectedOn] = useState(shownPage);
  if (selectedOn !== shownPage) {
    setSelectedOn(shownPage);
    setSelected([]);
  }
  // The queue refreshes live: a request someone else decided leaves the selection with its row.
  useEffect(() => {
    if (!query.data) return;
    const shown = new Set(query.data.docs.map((d) => d.id));
    setSelected((ids) => (ids.every((id) => shown.has(id)) ? ids : ids.filter((id) => shown.has(id))));
  }, [query.data]);

  function update(changes: Record<string, string | number | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === "" || (key === "status" && value === "pending") || (key === "page" && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    if (!("page" in changes)) next.delete("page");
    setParams(next);
    setCleared(false);
  }

  const selectable = canDecide && status === "pending";
  const labelOf = (resource: string) => definitions.find((d) => d.name === resource)?.label;

  function startBulk(kind: Kind) {
    setBulkError(null);
    form.resetFields();
    setBulk(kind);
  }

  async function runBulk(values: { reason?: string; comment?: string }) {
    if (!bulk) return;
    setSaving(true);
    setBulkError(null);
    try {
      const { data } = await api.post<BulkResult>("/api/approvals/bulk", {
        action: bulk,
        ids: selected,
        ...(bulk === "reject" ? { reason: values.reason ?? "" } : values.comment?.trim() ? { comment: values.comment.trim() } : {}),
      });
      setOutcome({ action: bulk, result: data, titles });
      setSelected([]);
      setBulk(null);
      await queryClient.invalidateQueries({ queryKey: [APPROVALS_KEY] });
    } catch (error) {
      const fields = error instanceof HttpError && error.statusCode === 400 ? serverFieldErrors(error) : null;
      if (fields?.length) form.setFields(fields);
      else setBulkError(error instanceof Error ? error.message : t("approval.decisionFailed"));
    } finally {
      setSaving(false);
    }
  }

  const { columns, phoneColumns } = queueColumns({ queue, status, acrossCenters, labelOf });

  const searching = !!q || (acrossCenters && !!center);
  const empty =
    status === "pending" && !searching ? (
      <Result
        className="queue-clear"
        status="success"
        icon={<CheckCircleOutlined />}
        title={t("approval.queueClear")}
        subTitle={t("approval.queueClearHint")}
      />
    ) : (
      <Empty description={searching ? t("approval.noMatch") : t(`approval.noneDecided.${status}`)} />
    );

  const heading = labelText(queue.label);

  return (
    <>
      <PageTitle>{heading}</PageTitle>
      {cleared && (
        <Alert
          className="state-alert"
          type="success"
          showIcon
          closable
          onClose={() => setCleared(false)}
          message={t("approval.allDecided")}
          description={t("approval.allDecidedHint")}
        />
      )}
      {outcome && <BulkOutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
      <Card>
        <Tabs activeKey={status} onChange={(key) => update({ status: key })} items={STATUSES.map((s) => ({ key: s, label: t(`approval.tabs.${s}`) }))} />
        <div className="queue-toolbar">
          <Input.Search
            aria-label={t("approval.search")}
            placeholder={t("approval.search")}
            allowClear
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              if (!e.target.value && q) update({ q: undefined });
            }}
            onSearch={(value) => update({ q: value.trim() || undefined })}
            style={{ width: 280, maxWidth: "100%" }}
          />
          {acrossCenters && (
            <CenterSelect
              ariaLabel={t("resource.filterByCenter")}
              placeholder={t("resource.allCenters")}
              allowClear
              value={center || null}
              onChange={(code) => update({ center: code ?? undefined })}
            />
          )}
        </div>
        {selectable && selected.length > 0 && (
          <section className="queue-bulk" aria-label={t("approval.bulk.region")}>
            <span className="queue-bulk__count">{t("approval.bulk.selected", { count: selected.length })}</span>
            <Button onClick={() => setSelected([])}>{t("approval.bulk.clear")}</Button>
            <Button danger icon={<CloseOutlined />} onClick={() => startBulk("reject")}>
              {t("approval.bulk.reject")}
            </Button>
            <Button type="primary" icon={<CheckOutlined />} onClick={() => startBulk("approve")}>
              {t("approval.bulk.approve")}
            </Button>
          </section>
        )}
        {!grid && selectable && !query.isError && docs.length > 0 && <SelectAll ids={docs.map((d) => d.id)} selected={selected} onSelect={setSelected} />}
        {query.isError ? (
          <Alert type="error" showIcon message={query.error?.message ?? t("resource.loadFailed")} />
        ) : grid ? (
          <>
            <ImageGrid
              docs={docs}
              loading={query.isLoading}
              selectable={selectable}
              selected={selected}
              onSelect={setSelected}
              acrossCenters={acrossCenters}
              empty={empty}
            />
            {total > pageSize && (
              <Pagination
                style={{ marginTop: 16, textAlign: "right" }}
                current={page}
                pageSize={pageSize}
                total={total}
                showSizeChanger={false}
                onChange={(p) => update({ page: p })}
              />
            )}
          </>
        ) : (
          <Table<ApprovalRequest>
            rowKey="id"
            columns={wide ? columns : phoneColumns}
            dataSource={docs}
            loading={query.isLoading || (query.isFetching && query.isPlaceholderData)}
            scroll={wide ? { x: queueTableWidth(columns, selectable) } : undefined}
            rowClassName="queue-row"
            onRow={(row) => ({
              onClick: (event) => {
                const target = event.target as HTMLElement;
                if (target.closest("a, button, input, label")) return;
                navigate(approvalPagePath(row.id));
              },
            })}
            rowSelection={
              selectable
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys: Key[]) => setSelected(keys.map(Number)),
                    // Its select-all is the one above the table (SelectAll says why).
                    hideSelectAll: true,
                    // Each box named by its request, as the grid's are: "Select <title>". (The
                    // prop's type leaves out aria-*, which antd's Checkbox hands to its input.)
                    getCheckboxProps: (row: ApprovalRequest) => {
                      const named: CheckboxProps & AriaAttributes = { "aria-label": t("approval.grid.select", { title: row.title }) };
                      return named;
                    },
                    columnWidth: SELECTION_WIDTH,
                    // A click in the checkbox's cell, beside it too, must not open the request.
                    onCell: () => ({ onClick: (event) => event.stopPropagation() }),
                  }
                : undefined
            }
            pagination={{
              current: page,
              pageSize,
              total,
              showSizeChanger: false,
              showTotal: (n) => t("approval.total", { count: n }),
              onChange: (p) => update({ page: p }),
            }}
            locale={{ emptyText: query.isLoading ? " " : empty }}
          />
        )}
      </Card>

      {ownDocs.length > 0 && (
        <section className="queue-own" aria-labelledby="queue-own-title">
          <Card>
            <Typography.Title level={2} id="queue-own-title" style={{ marginTop: 0, fontSize: token.fontSizeHeading4 }}>
              {t("approval.yours", { count: own.data?.totalDocs ?? ownDocs.length })}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t("approval.yoursHint")}</Typography.Paragraph>
            {grid ? (
              <ImageGrid docs={ownDocs} loading={false} selectable={false} selected={[]} onSelect={() => {}} acrossCenters={acrossCenters} empty={null} />
            ) : (
              <Table<ApprovalRequest>
                rowKey="id"
                columns={wide ? columns : phoneColumns}
                dataSource={ownDocs}
                scroll={wide ? { x: queueTableWidth(columns, false) } : undefined}
                rowClassName="queue-row"
                onRow={(row) => ({
                  onClick: (event) => {
                    if ((event.target as HTMLElement).closest("a, button, input, label")) return;
                    navigate(approvalPagePath(row.id));
                  },
                })}
                pagination={false}
              />
            )}
          </Card>
        </section>
      )}

      <DecisionModal
        kind={bulk}
        title={t(bulk === "reject" ? "approval.bulk.rejectTitle" : "approval.bulk.approveTitle", { count: selected.length })}
        okText={bulk === "reject" ? t("approval.bulk.reject") : t("approval.bulk.approve")}
        form={form}
        saving={saving}
        error={bulkError}
        hint={<Typography.Paragraph type="secondary">{t("approval.bulk.onceHint")}</Typography.Paragraph>}
        onFinish={runBulk}
        onCancel={() => setBulk(null)}
      />
    </>
  );
}
