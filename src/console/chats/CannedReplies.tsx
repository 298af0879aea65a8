// The center's canned replies: everyone sees them (and uses them with "/" in a reply); center
// managers add, change and delete them. The server refuses the others anyway.
import { useState } from "react";
import { useCan } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Empty, Form, Input, List, Popconfirm, Skeleton, Space, Typography } from "antd";
import { Drawer } from "../layout/Drawer";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { MESSAGE_MAX } from "../../../protocol/chat";
import { HttpError } from "../../../providers/http";
import { session } from "../../../providers/session";
import { t } from "../../../providers/i18n";
import { CenterSelect } from "../resources/CenterSelect";
import { serverFieldErrors } from "../serverErrors";
import { chatKeys, useChatApi, type CannedReply } from "./api";
import { useCannedReplies } from "./Composer";
import { acrossCenters } from "./useInbox";
import { errorText } from "./useThread";

interface Values {
  short_code: string;
  text: string;
}

function CannedForm({ center, editing, onDone }: { center: string; editing: CannedReply | null; onDone: () => void }) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (values: Values) => {
    setSaving(true);
    setError(null);
    const body = { short_code: values.short_code.trim().replace(/^\//, ""), text: values.text.trim(), ...(acrossCenters() ? { center_code: center } : {}) };
    try {
      if (editing) await api.put(`/api/chats/canned-replies/${editing.id}`, body);
      else await api.post("/api/chats/canned-replies", body);
      await queryClient.invalidateQueries({ queryKey: chatKeys.canned(center) });
      onDone();
    } catch (e) {
      const fields = e instanceof HttpError && e.statusCode === 400 ? serverFieldErrors(e) : null;
      if (fields?.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      else setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<Values> form={form} layout="vertical" initialValues={editing ?? { short_code: "", text: "" }} onFinish={(v) => void save(v)} className="canned-form">
      <Typography.Title level={5} className="canned-form__title">
        {editing ? t("chats.canned.editTitle", { code: editing.short_code }) : t("chats.canned.add")}
      </Typography.Title>
      {error && <Alert type="error" showIcon message={error} className="canned-form__error" />}
      <Form.Item
        name="short_code"
        label={t("chats.canned.shortCode")}
        extra={t("chats.canned.shortCodeHint")}
        rules={[
          { required: true, whitespace: true, message: t("chats.canned.shortCodeRequired") },
          { pattern: /^\/?[A-Za-z0-9_-]{1,40}$/, message: t("chats.canned.shortCodePattern") },
        ]}
      >
        <Input prefix="/" maxLength={41} autoComplete="off" />
      </Form.Item>
      <Form.Item name="text" label={t("chats.canned.text")} rules={[{ required: true, whitespace: true, message: t("chats.canned.textRequired") }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={MESSAGE_MAX} showCount />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("chats.canned.save")}
        </Button>
        <Button onClick={onDone}>{t("chats.cancel")}</Button>
      </Space>
    </Form>
  );
}

export default function CannedReplies({ open, onClose, defaultCenter }: { open: boolean; onClose: () => void; defaultCenter: string }) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const across = acrossCenters();
  const [center, setCenter] = useState(() => (across ? defaultCenter : (session.getCenter()?.code ?? "")));
  const replies = useCannedReplies(center, !!center);
  const { data: access } = useCan({ action: "edit", params: { permissionKey: "center_management" } });
  const canManage = !!access?.can;
  const [editing, setEditing] = useState<CannedReply | "new" | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (reply: CannedReply) => {
    setError(null);
    try {
      await api.del(`/api/chats/canned-replies/${reply.id}`, across ? { center_code: center } : undefined);
      await queryClient.invalidateQueries({ queryKey: chatKeys.canned(center) });
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("chats.cannedReplies")}
      width="min(480px, 100vw)"
      extra={
        canManage && center && !editing ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
            {t("chats.canned.add")}
          </Button>
        ) : null
      }
    >
      {across && (
        <div className="canned__center">
          <CenterSelect
            ariaLabel={t("chats.filterByCenter")}
            placeholder={t("chats.canned.chooseCenter")}
            value={center || null}
            onChange={(code) => setCenter(code ?? "")}
          />
        </div>
      )}
      <Typography.Paragraph type="secondary">{canManage ? t("chats.canned.hint") : t("chats.canned.readOnly")}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} className="canned__error" />}
      {editing && center && (
        <CannedForm key={editing === "new" ? "new" : editing.id} center={center} editing={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
      )}
      {!center ? (
        <Empty description={t("chats.canned.chooseCenter")} />
      ) : replies.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : replies.isError ? (
        <Alert
          type="error"
          showIcon
          message={t("chats.canned.loadFailed")}
          action={
            <Button size="small" onClick={() => void replies.refetch()}>
              {t("chats.retry")}
            </Button>
          }
        />
      ) : (replies.data ?? []).length === 0 ? (
        <Empty description={t("chats.canned.empty")} />
      ) : (
        <List
          className="canned__list"
          dataSource={replies.data}
          renderItem={(reply) => (
            <List.Item
              actions={
                canManage
                  ? [
                      <Button
                        key="edit"
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={t("chats.canned.editLabel", { code: reply.short_code })}
                        onClick={() => setEditing(reply)}
                      />,
                      <Popconfirm
                        key="delete"
                        title={t("chats.canned.deleteConfirm", { code: reply.short_code })}
                        okText={t("chats.canned.delete")}
                        cancelText={t("chats.cancel")}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove(reply)}
                      >
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("chats.canned.deleteLabel", { code: reply.short_code })} />
                      </Popconfirm>,
                    ]
                  : undefined
              }
            >
              <List.Item.Meta
                title={<span className="canned__code">/{reply.short_code}</span>}
                description={<span className="canned__text">{reply.text}</span>}
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
