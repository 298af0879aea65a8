// A record action's dialog (a small form posted to /api/<name>/<id>/<path>): its own chunk, with
// the form's inputs, fetched on the first click of its button.
import { useState } from "react";
import { Form, Modal, Typography } from "antd";
import type { RecordAction, ResourceDefinition } from "../../../resources/types";
import { load } from "../../app/services";
import { serverFieldErrors } from "../serverErrors";
import { t } from "../../../providers/i18n";
import { FormField } from "./inputs/FormField";
import type { Row } from "./model";

export default function RecordActionModal({
  definition,
  action,
  record,
  title,
  open,
  onClose,
}: {
  definition: ResourceDefinition;
  action: RecordAction;
  record: Row;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();

  async function submit(values: Record<string, unknown>) {
    setSaving(true);
    try {
      await load({ method: "POST", url: `/api/${definition.name}/${record.id}/${action.path}`, body: values });
      onClose();
      form.resetFields();
    } catch (error) {
      const fields = action.fields.length > 0 ? serverFieldErrors(error, action.fields[0]!.name) : null;
      if (fields) form.setFields(fields);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={`${action.label}: ${title}`}
      okText={action.label}
      cancelText={t("resource.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {action.description && <Typography.Paragraph>{action.description}</Typography.Paragraph>}
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        {action.fields.map((field) => (
          <FormField key={field.name} field={field} mode="create" />
        ))}
      </Form>
    </Modal>
  );
}
