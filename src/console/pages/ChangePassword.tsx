import { useState } from "react";
import { Alert, Button, Card, Form, Input } from "antd";
import { load } from "../../app/services";
import type { PasswordAnswer, PasswordBody } from "../../../protocol/api";
import { HttpError } from "../../../providers/http";
import { session } from "../../../providers/session";
import { t, type MessageKey } from "../../../providers/i18n";
import { serverFieldErrors } from "../serverErrors";
import { PageTitle } from "../PageTitle";

interface Values {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export default function ChangePassword() {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit({ current_password, new_password }: Values) {
    setSaving(true);
    setFailure(null);
    try {
      // The server signs out every other session; this one continues on the fresh token.
      await session.renewToken(
        load<PasswordAnswer>({ method: "PUT", url: "/api/auth/password", body: { current_password, new_password } satisfies PasswordBody }),
        (answer) => answer.data?.token,
      );
      form.resetFields();
    } catch (error) {
      // A 403 here means the current password was wrong: say so beside it.
      const fields = serverFieldErrors(error, error instanceof HttpError && error.statusCode === 403 ? "current_password" : undefined);
      if (fields) form.setFields(fields as { name: keyof Values; errors: string[] }[]);
      else setFailure(error instanceof Error ? error.message : t("errors.network"));
    } finally {
      setSaving(false);
    }
  }

  const required = (field: MessageKey) => ({ required: true, message: t("password.required", { field: t(field) }) });

  return (
    <>
      <PageTitle>{t("password.title")}</PageTitle>
      <Card style={{ maxWidth: 520 }}>
        <Alert type="info" showIcon message={t("password.hint")} style={{ marginBottom: 16 }} />
        {failure && <Alert type="error" showIcon message={failure} role="alert" style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="current_password" label={t("password.current")} rules={[required("password.current")]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="new_password" label={t("password.new")} rules={[required("password.new"), { min: 8, message: t("password.tooShort") }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm_password"
            label={t("password.confirm")}
            dependencies={["new_password"]}
            rules={[
              required("password.confirm"),
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue("new_password") ? Promise.resolve() : Promise.reject(new Error(t("password.mismatch"))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t("password.submit")}
          </Button>
        </Form>
      </Card>
    </>
  );
}
