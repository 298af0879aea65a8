import type { ReactNode } from "react";
import { Alert, Form, Input, Modal, type FormInstance } from "antd";
import { t } from "../../../providers/i18n";
import { CountedHelp } from "../layout/CountedHelp";

export interface DecisionModalProps {
  /** Which decision is being taken; null: closed. */
  kind: "approve" | "reject" | null;
  title: string;
  okText: string;
  form: FormInstance;
  saving: boolean;
  /** An error that belongs to no field (a field's own shows beside it). */
  error: string | null;
  hint?: ReactNode;
  onFinish: (values: { comment?: string; reason?: string }) => void;
  onCancel: () => void;
}

/** Asks for what a decision needs: a reason to reject (required), an optional comment to approve. */
export function DecisionModal({ kind, title, okText, form, saving, error, hint, onFinish, onCancel }: DecisionModalProps) {
  return (
    <Modal
      open={kind !== null}
      title={title}
      okText={okText}
      okButtonProps={{ danger: kind === "reject" }}
      cancelText={t("resource.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {error && <Alert className="state-alert" type="error" showIcon message={error} />}
      {hint}
      <Form form={form} layout="vertical" onFinish={onFinish} preserve={false}>
        {kind === "reject" ? (
          <Form.Item
            name="reason"
            label={t("approval.reason")}
            extra={<CountedHelp>{t("approval.reasonHelp")}</CountedHelp>}
            rules={[{ required: true, whitespace: true, message: t("approval.reasonRequired") }]}
          >
            <Input.TextArea autoFocus maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
        ) : (
          <Form.Item name="comment" label={t("approval.comment")} extra={<CountedHelp>{t("approval.commentHelp")}</CountedHelp>}>
            <Input.TextArea autoFocus maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
