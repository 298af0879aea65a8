import { useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Form, Result, Skeleton, Space, Switch, Timeline, Typography } from "antd";
import { DecisionModal } from "./DecisionModal";
import { CheckOutlined, CloseOutlined, HistoryOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { Link, useNavigate } from "react-router";
import { registry as allDefinitions } from "../../app/definitions";
import { scheduleOf, type ResourceDefinition } from "../../../resources/types";
import { ScheduleFacts } from "../schedule/ScheduleFacts";
import { HttpError } from "../../../providers/http";
import { labelText, t } from "../../../providers/i18n";
import { PageTitle } from "../PageTitle";
import { historyPath } from "../resources/model";
import { serverFieldErrors } from "../serverErrors";
import { APPROVALS_KEY, useApi, type ApprovalDetail, type EarlierRequest } from "./api";
import { Comparison } from "./Comparison";
import { ChangeTag, formatTime, RequestStatusTag, When } from "./display";
import { approvalPagePath, queueByName, queuePath } from "./queues";

type Kind = "approve" | "reject";

export const approvalQueryKey = (id: number | string) => [APPROVALS_KEY, "detail", String(id)];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="request-facts__item">
      <span className="request-facts__label">{label}</span>
      <span>{children}</span>
    </div>
  );
}

function Outcome({ request }: { request: ApprovalDetail }) {
  const values = { by: request.decided_by_name ?? "-", when: formatTime(request.decided_at) };
  switch (request.status) {
    case "approved":
      return (
        <Alert
          className="state-alert"
          type="success"
          showIcon
          message={t("approval.outcome.approved", values)}
          description={request.comment ? <span className="prewrap">{request.comment}</span> : undefined}
        />
      );
    case "rejected":
      return (
        <Alert
          className="state-alert"
          type="error"
          showIcon
          message={t("approval.outcome.rejected", values)}
          description={
            <span className="prewrap">
              <strong>{t("recordState.reason")}</strong> {request.reason ?? "-"}
            </span>
          }
        />
      );
    case "withdrawn":
      return <Alert className="state-alert" type="info" showIcon message={t("approval.outcome.withdrawn", values)} />;
    default:
      return null;
  }
}

function EarlierDecisions({ history }: { history: EarlierRequest[] }) {
  if (history.length === 0) return <Typography.Text type="secondary">{t("approval.noEarlier")}</Typography.Text>;
  return (
    <Timeline
      items={history.map((item) => ({
        key: item.id,
        color: item.status === "approved" ? "green" : item.status === "rejected" ? "red" : item.status === "pending" ? "gold" : "gray",
        children: (
          <Space direction="vertical" size={2}>
            <Space size={4} wrap>
              <ChangeTag change={item.change} />
              <RequestStatusTag status={item.status} />
              <Typography.Text type="secondary">
                {t("approval.submittedBy", { name: item.submitted_by_name ?? "-" })} · <When at={item.submitted_at} />
              </Typography.Text>
            </Space>
            {item.decided_at && (
              <Typography.Text type="secondary">
                {t("approval.decidedBy", { name: item.decided_by_name ?? "-" })} · <When at={item.decided_at} />
              </Typography.Text>
            )}
            {(item.reason || item.comment) && (
              <Typography.Text type={item.reason ? "danger" : undefined} className="prewrap">
                {item.reason ?? item.comment}
              </Typography.Text>
            )}
          </Space>
        ),
      }))}
    />
  );
}

export interface ApprovalReviewProps {
  id: number | string;
  /** Inside another screen (a record's state view): no page heading of its own. */
  embedded?: boolean;
  definitions?: readonly ResourceDefinition[];
}

/**
 * One change request: who asked for what, the live and proposed versions side by side, earlier
 * decisions, and Approve / Reject for those who may decide. After a decision: the next open
 * request of the same queue, or the queue itself when none is left.
 */
export function ApprovalReview({ id, embedded, definitions = allDefinitions }: ApprovalReviewProps) {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [deciding, setDeciding] = useState<Kind | null>(null);
  const [saving, setSaving] = useState(false);
  const [modalError, setModalError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [onlyChanged, setOnlyChanged] = useState(false);

  const query = useQuery({
    queryKey: approvalQueryKey(id),
    queryFn: async () => (await api.get<ApprovalDetail>(`/api/approvals/${encodeURIComponent(String(id))}`)).data,
  });
  const request = query.data;

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError || !request) {
    const status = query.error instanceof HttpError ? query.error.statusCode : 0;
    return (
      <Result
        status={status === 404 ? "404" : status === 403 ? "403" : "error"}
        title={status === 404 ? t("approval.notFound") : (query.error?.message ?? t("resource.loadFailed"))}
        extra={<Button onClick={() => void query.refetch()}>{t("approval.reload")}</Button>}
      />
    );
  }

  const definition = definitions.find((d) => d.name === request.resource);
  const queue = queueByName(definitions, request.queue ?? undefined);
  const queueLabel = queue ? labelText(queue.label) : request.queue;
  // No queue: the type no longer sends its changes for approval (the server says null).
  const queueLink = request.queue === null ? null : queuePath(request.queue);
  const open = request.status === "pending";
  const canDecide = open && request.can_decide;
  const history = definition ? historyPath(definition, request.record_id) : undefined;

  function start(kind: Kind) {
    setModalError(null);
    form.resetFields();
    setDeciding(kind);
  }

  async function decide(values: { comment?: string; reason?: string }) {
    if (!request || !deciding) return;
    setSaving(true);
    setModalError(null);
    const body =
      deciding === "approve"
        ? { comment: values.comment?.trim() || undefined, version: request.version }
        : { reason: values.reason ?? "", version: request.version };
    try {
      await api.post(`/api/approvals/${request.id}/${deciding}`, body);
    } catch (error) {
      setSaving(false);
      if (error instanceof HttpError && error.statusCode === 409) {
        setDeciding(null);
        setConflict(true);
        return;
      }
      const fields = error instanceof HttpError && error.statusCode === 400 ? serverFieldErrors(error, deciding === "approve" ? "comment" : "reason") : null;
      if (fields) form.setFields(fields);
      else setModalError(error instanceof Error ? error.message : t("approval.decisionFailed"));
      return;
    }
    // Queues, counts and this request are stale now; the fresh request names the next one to decide.
    await queryClient.invalidateQueries({ queryKey: [APPROVALS_KEY] }).catch(() => undefined);
    const fresh = queryClient.getQueryData<ApprovalDetail>(approvalQueryKey(request.id));
    const next = fresh && fresh.id === request.id ? fresh.next_id : request.next_id;
    setSaving(false);
    setDeciding(null);
    if (next) navigate(approvalPagePath(next));
    else if (queueLink) navigate(queueLink, { state: { cleared: true, queue: request.queue } });
  }

  const title = request.title || `#${request.record_id}`;
  const heading = (
    <PageTitle
      extra={
        <Space wrap>
          {history && (
            <Link to={history}>
              <Button icon={<HistoryOutlined />}>{t("approval.recordHistory")}</Button>
            </Link>
          )}
          {queueLink && (
            <Link to={queueLink}>
              <Button icon={<UnorderedListOutlined />}>{t("approval.backToQueue", { queue: queueLabel })}</Button>
            </Link>
          )}
        </Space>
      }
    >
      {title}
    </PageTitle>
  );

  const scheduleLabels: Record<string, string> = { go_live_at: t("schedule.goLiveAt"), take_down_at: t("schedule.takeDownAt") };
  const fieldLabel = (name: string) => definition?.fields.find((f) => f.name === name)?.label ?? scheduleLabels[name] ?? name;
  const changedNames = request.changes.map((c) => fieldLabel(c.field));

  return (
    <>
      {!embedded && heading}
      {conflict && (
        <Alert
          className="state-alert"
          type="warning"
          showIcon
          role="alert"
          message={t("approval.conflict")}
          description={t("approval.conflictHint")}
          action={
            <Button
              onClick={() => {
                setConflict(false);
                void query.refetch();
              }}
            >
              {t("approval.reload")}
            </Button>
          }
        />
      )}
      <Outcome request={request} />
      <Card style={{ marginBottom: 16 }}>
        <div className="request-facts">
          <Fact label={t("approval.changeKind")}>
            <ChangeTag change={request.change} />
          </Fact>
          <Fact label={t("approval.statusLabel")}>
            <RequestStatusTag status={request.status} />
          </Fact>
          <Fact label={t("approval.type")}>{definition?.label ?? request.resource_label ?? request.resource}</Fact>
          <Fact label={t("resource.center")}>{request.center_web_name ?? request.center_code ?? "-"}</Fact>
          <Fact label={t("approval.author")}>{request.submitted_by_name ?? "-"}</Fact>
          <Fact label={t("approval.submitted")}>
            <When at={request.submitted_at} /> <Typography.Text type="secondary">({formatTime(request.submitted_at)})</Typography.Text>
          </Fact>
          {definition && scheduleOf(definition) && request.change !== "delete" && (
            <ScheduleFacts
              proposed={{ go_live_at: request.go_live_at, take_down_at: request.take_down_at }}
              approved={request.schedule}
              zone={request.center_time_zone}
              Fact={Fact}
            />
          )}
        </div>
        {request.note && (
          <Typography.Paragraph className="prewrap" style={{ margin: "12px 0 0" }}>
            <Typography.Text type="secondary">{t("approval.note")}</Typography.Text> {request.note}
          </Typography.Paragraph>
        )}
        {request.change === "update" && request.changes.length > 0 && (
          <Typography.Paragraph type="secondary" style={{ margin: "12px 0 0" }}>
            {t("approval.changedFields", { count: request.changes.length, fields: changedNames.join(", ") })}
          </Typography.Paragraph>
        )}
      </Card>

      {request.change === "delete" && open && (
        <Alert className="state-alert" type="warning" showIcon message={t("approval.deleteWarning", { label: (definition?.label ?? "").toLowerCase() })} />
      )}
      {request.change === "create" && open && <Alert className="state-alert" type="info" showIcon message={t("approval.createInfo")} />}

      <Card
        // The title and its switch in one row of the console's own, which a phone wraps: the
        // switch under the title, which reads whole on either.
        title={
          <div className="compare-card__head">
            <span className="compare-card__title">
              {request.change === "update" ? t("approval.compareTitle") : request.change === "delete" ? t("approval.liveTitle") : t("approval.proposedTitle")}
            </span>
            {request.change === "update" && (
              <Space size={8} className="compare-card__switch">
                <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} aria-label={t("approval.onlyChanged")} />
                <Typography.Text>{t("approval.onlyChanged")}</Typography.Text>
              </Space>
            )}
          </div>
        }
        className="compare-card"
        classNames={{ title: "compare-card__title-box" }}
        style={{ marginBottom: 16 }}
        styles={{ body: { padding: 12 } }}
      >
        {definition ? (
          <Comparison
            definition={definition}
            label={t("approval.compareTitle")}
            zone={request.center_time_zone}
            before={request.change === "update" ? (request.live ?? {}) : null}
            after={request.change === "delete" ? (request.live ?? request.proposed) : request.proposed}
            changes={request.change === "delete" ? [] : request.changes}
            beforeTitle={t("approval.liveVersion")}
            afterTitle={request.change === "delete" ? t("approval.liveVersion") : t("approval.proposedVersion")}
            onlyChanged={onlyChanged}
          />
        ) : (
          <Alert type="warning" showIcon message={t("approval.unknownType", { name: request.resource })} />
        )}
      </Card>

      <Card title={t("approval.earlier")} style={{ marginBottom: 16 }}>
        <EarlierDecisions history={request.history ?? []} />
      </Card>

      {open && !request.can_decide && <Alert type="info" showIcon message={t("approval.cannotDecide")} />}
      {canDecide && (
        <section className="decision-bar" aria-label={t("approval.decision")}>
          <span className="decision-bar__text">{t("approval.decisionHint")}</span>
          <Button danger icon={<CloseOutlined />} onClick={() => start("reject")} className="decision-bar__button">
            {t("approval.reject")}
          </Button>
          <Button type="primary" icon={<CheckOutlined />} onClick={() => start("approve")} className="decision-bar__button">
            {t("approval.approve")}
          </Button>
        </section>
      )}

      <DecisionModal
        kind={deciding}
        title={deciding === "reject" ? t("approval.rejectTitle", { title }) : t("approval.approveTitle", { title })}
        okText={deciding === "reject" ? t("approval.reject") : t("approval.approve")}
        form={form}
        saving={saving}
        error={modalError}
        onFinish={decide}
        onCancel={() => setDeciding(null)}
      />
    </>
  );
}
