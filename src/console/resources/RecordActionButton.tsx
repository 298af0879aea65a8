import { useState } from "react";
import { CanAccess } from "@refinedev/core";
import { Button, Form, Modal, Tooltip, Typography } from "antd";
import { KeyOutlined, LogoutOutlined } from "@ant-design/icons";
import type { RecordAction, ResourceDefinition } from "../../../resources/types";
import { load } from "../../app/services";
import { serverFieldErrors } from "../serverErrors";
import { t } from "../../../providers/i18n";
import { FormField } from "./inputs/FormField";
import { titleOf, type Row } from "./model";

const ICONS = { key: <KeyOutlined />, logout: <LogoutOutlined /> };

/** One record action (e.g. reset password): a small form, or a confirmation, posted to /api/<name>/<id>/<path>. */
export function RecordActionButton({ definition, action, record }: { definition: ResourceDefinition; action: RecordAction; record: Row }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const title = titleOf(definition, record);
  const modeAction = action.mode === "read" ? "show" : action.mode === "update" ? "edit" : action.mode;

  async function submit(values: Record<string, unknown>) {
    setSaving(true);
    try {
      await load({ method: "POST", url: `/api/${definition.name}/${record.id}/${action.path}`, body: values });
      setOpen(false);
      form.resetFields();
    } catch (error) {
      const fields = action.fields.length > 0 ? serverFieldErrors(error, action.fields[0]!.name) : null;
      if (fields) form.setFields(fields);
    } finally {
      setSaving(false);
    }
  }

  return (
    <CanAccess resource={definition.name} action={modeAction} params={{ id: record.id }}>
      <Tooltip title={action.label}>
        <Button size="small" icon={ICONS[action.icon ?? "key"]} aria-label={t("resource.actionOn", { action: action.label, title })} onClick={() => setOpen(true)} />
      </Tooltip>
      <Modal
        open={open}
        title={`${action.label}: ${title}`}
        okText={action.label}
        cancelText={t("resource.cancel")}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {action.description && <Typography.Paragraph>{action.description}</Typography.Paragraph>}
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          {action.fields.map((field) => (
            <FormField key={field.name} field={field} mode="create" />
          ))}
        </Form>
      </Modal>
    </CanAccess>
  );
}
