import type { ReactNode } from "react";
import { Alert, Button, Card, Empty, Result, Segmented, Skeleton, Space, Typography } from "antd";
import { HistoryOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { Link, useNavigate, useParams } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { HttpError } from "../../../providers/http";
import { t } from "../../../providers/i18n";
import { PageTitle } from "../PageTitle";
import { centerHistoryPath, historyDetailsPath, listPathFor, statePath, titleOf } from "../resources/model";
import { ApprovalReview } from "../approvals/ApprovalReview";
import { Comparison } from "../approvals/Comparison";
import { ActionTag, awaitsDecision, DecisionSummary, RecordStateTag, When } from "../approvals/display";
import { useVersion } from "./HistoryDetails";
import { useRecord } from "./useRecord";
import "../approvals/approvals.css";

function Snapshot({ definition, id, version, caption }: { definition: ResourceDefinition; id: string; version: number; caption: string }) {
  const detail = useVersion(definition, id, version);
  if (detail.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (detail.isError || !detail.data) {
    return <Alert type="error" showIcon message={detail.error?.message ?? t("history.versionNotFound")} />;
  }
  const v = detail.data;
  const details = historyDetailsPath(definition, id, v.version);
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Space wrap size={[16, 8]}>
          <ActionTag action={v.action} />
          <span>{v.actor_name ?? "-"}</span>
          <When at={v.at} />
          <DecisionSummary decision={v.decision} waiting={awaitsDecision(v)} />
          {details && <Link to={details}>{t("history.openDetails")}</Link>}
        </Space>
        {v.note && (
          <Typography.Paragraph className="prewrap" style={{ margin: "8px 0 0" }}>
            <Typography.Text type="secondary">{t("approval.note")}</Typography.Text> {v.note}
          </Typography.Paragraph>
        )}
      </Card>
      <Card styles={{ body: { padding: 12 } }}>
        <Comparison definition={definition} label={caption} before={null} after={v.data} changes={[]} afterTitle={caption} />
      </Card>
    </>
  );
}

/**
 * /app/center-management/<resource>/:state/:id — one record in a state: "pending" (its open
 * request, with the decision buttons), "live" (what the website shows) or a version number.
 */
export function StateView({ definition }: { definition: ResourceDefinition }) {
  const { state = "pending", id = "" } = useParams();
  const navigate = useNavigate();
  const { record, query } = useRecord(definition, id);

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError || !record) {
    const status = query.error instanceof HttpError ? query.error.statusCode : 404;
    return <Result status={status === 403 ? "403" : "404"} title={status === 404 ? t("approval.recordNotFound") : query.error?.message} />;
  }

  const version = /^\d+$/.test(state) ? Number(state) : null;
  const kind: "pending" | "live" | "version" | "unknown" = state === "pending" ? "pending" : state === "live" ? "live" : version ? "version" : "unknown";
  const liveVersion = typeof record.live_version === "number" ? record.live_version : null;
  const openRequest = record.review?.status === "pending" ? record.review.id : null;
  const title = titleOf(definition, record);
  const centerHistory = record.center_code ? centerHistoryPath(definition, record.center_code) : undefined;

  const options = [
    { value: "pending", label: t("stateView.pending") },
    { value: "live", label: t("stateView.live") },
    ...(version ? [{ value: String(version), label: t("history.versionShort", { version }) }] : []),
  ];

  let body: ReactNode;
  if (kind === "pending") {
    body = openRequest ? (
      <ApprovalReview key={openRequest} id={openRequest} embedded />
    ) : (
      <Card>
        <Empty description={t("stateView.nothingPending")}>
          {liveVersion && <Link to={statePath(definition, "live", id)!}>{t("stateView.seeLive")}</Link>}
        </Empty>
      </Card>
    );
  } else if (kind === "live") {
    body = liveVersion ? (
      <Snapshot definition={definition} id={id} version={liveVersion} caption={t("history.liveVersion", { version: liveVersion })} />
    ) : (
      <Card>
        <Empty description={t("stateView.notLive")} />
      </Card>
    );
  } else if (kind === "version") {
    body = <Snapshot definition={definition} id={id} version={version!} caption={t("history.thisVersion", { version })} />;
  } else {
    body = <Alert type="error" showIcon message={t("stateView.unknownState", { state })} />;
  }

  return (
    <>
      <PageTitle
        extra={
          <Space wrap>
            {centerHistory && (
              <Link to={centerHistory}>
                <Button icon={<HistoryOutlined />}>{t("history.centerHistoryButton")}</Button>
              </Link>
            )}
            <Link to={listPathFor(definition, record)}>
              <Button icon={<UnorderedListOutlined />}>{t("history.backToList", { labels: definition.labelPlural })}</Button>
            </Link>
          </Space>
        }
      >
        {`${definition.label}: ${title}`}
      </PageTitle>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          className="state-switch"
          aria-label={t("stateView.choose")}
          value={kind === "version" ? String(version) : state}
          options={options}
          onChange={(value) => navigate(statePath(definition, value === "pending" || value === "live" ? value : Number(value), id)!)}
        />
        <RecordStateTag record={record} />
      </Space>
      {body}
    </>
  );
}
