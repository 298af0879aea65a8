import { useState } from "react";
import { useCan, useInvalidate } from "@refinedev/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Empty, Form, Input, Modal, Result, Skeleton, Space, Switch, Tag, Typography } from "antd";
import { HistoryOutlined, LeftOutlined, RightOutlined, RollbackOutlined } from "@ant-design/icons";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { HttpError } from "../../../providers/http";
import { t } from "../../../providers/i18n";
import { PageTitle } from "../PageTitle";
import { historyDetailsPath, historyPath, titleOf } from "../resources/model";
import { serverFieldErrors } from "../serverErrors";
import { APPROVALS_KEY, useApi, VERSIONS_KEY, type List, type VersionDetail, type VersionRow } from "../approvals/api";
import { Comparison } from "../approvals/Comparison";
import { ActionTag, awaitsDecision, DecisionSummary, formatTime, When } from "../approvals/display";
import { useRecord } from "./useRecord";
import { VersionViews } from "./VersionViews";
import { CountedHelp } from "../layout/CountedHelp";
import "../approvals/approvals.css";

/** The newest version number of a record (the default version shown). */
export function useLatestVersion(definition: ResourceDefinition, id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: [VERSIONS_KEY, definition.name, id, "latest"],
    queryFn: async () =>
      (await api.get<List<VersionRow>>(`/api/${definition.name}/${encodeURIComponent(id ?? "")}/versions`, { page: 1, limit: 1 })).data.docs[0]?.version ??
      null,
    enabled: !!id,
  });
}

export function useVersion(definition: ResourceDefinition, id: string | undefined, version: number | null | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: [VERSIONS_KEY, definition.name, id, "detail", version],
    queryFn: async () => (await api.get<VersionDetail>(`/api/${definition.name}/${encodeURIComponent(id ?? "")}/versions/${version}`)).data,
    enabled: !!id && !!version,
  });
}

/**
 * One version in full, what it changed against the version before, how it differs from the live
 * version, and Restore (the restored content becomes a new change, approved like any other).
 */
export function HistoryDetails({ definition }: { definition: ResourceDefinition }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const api = useApi();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const [form] = Form.useForm();
  const [restoring, setRestoring] = useState(false);
  const [saving, setSaving] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [onlyChanged, setOnlyChanged] = useState(true);

  const { record } = useRecord(definition, id);
  const zone = (record as { center_time_zone?: string | null } | undefined)?.center_time_zone;
  const latest = useLatestVersion(definition, id);
  const asked = Number(params.get("version"));
  const version = Number.isInteger(asked) && asked > 0 ? asked : latest.data;
  const detail = useVersion(definition, id, version);
  const { data: canUpdate } = useCan({ resource: definition.name, action: "edit", params: { id } });

  const history = historyPath(definition, id);
  const title = record ? titleOf(definition, record) : `#${id}`;

  if (latest.isLoading || detail.isLoading || (!version && !latest.isError)) return <Skeleton active paragraph={{ rows: 8 }} />;
  const error = detail.error ?? latest.error;
  if (error || !detail.data) {
    const status = error instanceof HttpError ? error.statusCode : 404;
    return (
      <Result
        status={status === 403 ? "403" : status === 404 ? "404" : "error"}
        title={status === 404 ? t("history.versionNotFound") : (error?.message ?? t("resource.loadFailed"))}
        extra={history && <Link to={history}>{t("history.backToHistory")}</Link>}
      />
    );
  }

  const v = detail.data;
  const newest = latest.data ?? v.version;
  const isLive = v.live_version === v.version;
  // The heading names the version as it was, not the record as it is now.
  const ownTitle = v.data[definition.titleField];
  const versionTitle = typeof ownTitle === "string" && ownTitle ? ownTitle : title;
  // Restoring content the website already shows would only ask a reviewer to approve nothing.
  const sameAsLive = v.live_version !== null && v.changes_vs_live.length === 0;
  const go = (n: number) => navigate(historyDetailsPath(definition, id, n)!);

  async function restore(values: { note?: string }) {
    setSaving(true);
    setRestoreError(null);
    try {
      await api.post(
        `/api/${definition.name}/${encodeURIComponent(id ?? "")}/versions/${v.version}/restore`,
        values.note?.trim() ? { note: values.note.trim() } : {},
      );
      await queryClient.invalidateQueries({ queryKey: [VERSIONS_KEY, definition.name] });
      await queryClient.invalidateQueries({ queryKey: [APPROVALS_KEY] });
      await invalidate({ resource: definition.name, invalidates: ["list", "detail"], id });
      setRestoring(false);
      navigate(history ?? "/app/welcome");
    } catch (err) {
      const fields = err instanceof HttpError && err.statusCode === 400 ? serverFieldErrors(err, "note") : null;
      if (fields) form.setFields(fields);
      else setRestoreError(err instanceof Error ? err.message : t("history.restoreFailed"));
    } finally {
      setSaving(false);
    }
  }

  const liveTab =
    v.live_version === null ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("history.neverLive")} />
    ) : isLive ? (
      <Alert type="success" showIcon message={t("history.isLive")} />
    ) : (
      <>
        <Space size={8} style={{ marginBottom: 12 }}>
          <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} aria-label={t("approval.onlyChanged")} />
          <Typography.Text>{t("approval.onlyChanged")}</Typography.Text>
        </Space>
        <Comparison
          definition={definition}
          zone={zone}
          label={t("history.vsLive", { version: v.live_version })}
          before={v.live ?? {}}
          after={v.data}
          changes={v.changes_vs_live}
          beforeTitle={t("history.liveVersion", { version: v.live_version })}
          afterTitle={t("history.thisVersion", { version: v.version })}
          onlyChanged={onlyChanged}
        />
      </>
    );

  return (
    <>
      <PageTitle
        extra={
          <Space wrap>
            {canUpdate?.can && v.version !== newest && !sameAsLive && (
              <Button
                type="primary"
                icon={<RollbackOutlined />}
                onClick={() => {
                  setRestoreError(null);
                  setRestoring(true);
                }}
              >
                {t("history.restore")}
              </Button>
            )}
            {history && (
              <Link to={history}>
                <Button icon={<HistoryOutlined />}>{t("history.allVersions")}</Button>
              </Link>
            )}
          </Space>
        }
      >
        {t("history.versionTitle", { version: v.version, title: versionTitle })}
      </PageTitle>

      <Card style={{ marginBottom: 16 }}>
        <div className="request-facts">
          <div className="request-facts__item">
            <span className="request-facts__label">{t("history.columns.action")}</span>
            <span>
              <ActionTag action={v.action} />
              {isLive && <Tag color="green">{t("history.live")}</Tag>}
            </span>
          </div>
          <div className="request-facts__item">
            <span className="request-facts__label">{t("history.columns.actor")}</span>
            <span>{v.actor_name ?? "-"}</span>
          </div>
          <div className="request-facts__item">
            <span className="request-facts__label">{t("history.columns.at")}</span>
            <span>
              <When at={v.at} /> <Typography.Text type="secondary">({formatTime(v.at)})</Typography.Text>
            </span>
          </div>
          <div className="request-facts__item">
            <span className="request-facts__label">{t("history.columns.decision")}</span>
            <DecisionSummary decision={v.decision} waiting={awaitsDecision(v)} />
          </div>
        </div>
        {v.note && (
          <Typography.Paragraph className="prewrap" style={{ margin: "12px 0 0" }}>
            <Typography.Text type="secondary">{t("approval.note")}</Typography.Text> {v.note}
          </Typography.Paragraph>
        )}
        <Space style={{ marginTop: 12 }} wrap>
          <Button size="small" icon={<LeftOutlined />} disabled={v.version <= 1} onClick={() => go(v.version - 1)}>
            {t("history.older")}
          </Button>
          <Button size="small" disabled={v.version >= newest} onClick={() => go(v.version + 1)}>
            {t("history.newer")} <RightOutlined />
          </Button>
        </Space>
      </Card>

      <Card styles={{ body: { paddingTop: 4 } }}>
        <VersionViews
          items={[
            {
              key: "content",
              label: t("history.tabs.content"),
              children: (
                <Comparison
                  definition={definition}
                  zone={zone}
                  label={t("history.tabs.content")}
                  before={null}
                  after={v.data}
                  changes={v.previous_version ? v.changes : []}
                  afterTitle={t("history.thisVersion", { version: v.version })}
                />
              ),
            },
            {
              key: "previous",
              label: v.previous_version ? t("history.tabs.previous", { version: v.previous_version }) : t("history.tabs.previousNone"),
              children: v.previous_version ? (
                <Comparison
                  definition={definition}
                  zone={zone}
                  label={t("history.tabs.previous", { version: v.previous_version })}
                  before={{}}
                  after={v.data}
                  changes={v.changes}
                  beforeTitle={t("history.thatVersion", { version: v.previous_version })}
                  afterTitle={t("history.thisVersion", { version: v.version })}
                  onlyChanged
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("history.firstVersion")} />
              ),
            },
            {
              key: "live",
              label: v.live_version ? t("history.tabs.live", { version: v.live_version }) : t("history.tabs.liveNone"),
              children: liveTab,
            },
          ]}
        />
      </Card>

      <Modal
        open={restoring}
        title={t("history.restoreTitle", { version: v.version })}
        okText={t("history.restore")}
        cancelText={t("resource.cancel")}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setRestoring(false)}
        destroyOnHidden
      >
        {restoreError && <Alert className="state-alert" type="error" showIcon message={restoreError} />}
        <Typography.Paragraph>{definition.approval ? t("history.restoreApprovalHint", { title }) : t("history.restoreHint", { title })}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={restore} preserve={false}>
          <Form.Item name="note" label={t("resource.changeNote")} extra={<CountedHelp>{t("history.restoreNoteHelp", { version: v.version })}</CountedHelp>}>
            <Input.TextArea maxLength={400} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
