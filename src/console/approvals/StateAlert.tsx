// Where a record stands, above its form or view: its own module, so that the lists, which show the
// state as a tag (./display), do not carry antd's Alert.
import { Alert, Typography } from "antd";
import { t } from "../../../providers/i18n";
import { formatTime } from "./display";
import { displayState, type ApprovalFields } from "./state";

/** At the top of a record's form or view: where the record stands, and why it was rejected. */
export function RecordStateAlert({ record }: { record: ApprovalFields }) {
  const state = displayState(record);
  if (!state || state.kind === "live") return null;
  const review = record.review;
  const by = review?.decided_by_name ?? "";
  const when = formatTime(review?.decided_at);
  switch (state.kind) {
    case "rejected":
    case "liveChangeRejected":
      return (
        <Alert
          className="state-alert"
          type="error"
          showIcon
          role="alert"
          message={t(state.kind === "rejected" ? "recordState.rejectedTitle" : "recordState.changeRejectedTitle", { by, when })}
          description={
            <>
              <Typography.Paragraph className="prewrap" style={{ marginBottom: 4 }}>
                <strong>{t("recordState.reason")}</strong> {state.reason ?? "-"}
              </Typography.Paragraph>
              <Typography.Text type="secondary">{t("recordState.resubmitHint")}</Typography.Text>
            </>
          }
        />
      );
    case "pending":
      return <Alert className="state-alert" type="info" showIcon message={t("recordState.pendingHint", { when: formatTime(review?.submitted_at) })} />;
    case "liveChangePending":
      return <Alert className="state-alert" type="info" showIcon message={t("recordState.changePendingHint")} />;
    case "liveDeletionPending":
      return <Alert className="state-alert" type="warning" showIcon message={t("recordState.deletionPendingHint")} />;
    default:
      return null;
  }
}
