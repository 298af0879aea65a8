// Snooze until a chosen date and time (loaded when first asked for: the date picker is heavy).
import { useState } from "react";
import { Form, Modal } from "antd";
import { DateTimePicker } from "../layout/DateTimePicker";
import type { Dayjs } from "dayjs";
import { dayjs } from "../../lib/dates";
import { t } from "../../../providers/i18n";

export default function SnoozeModal({ open, onCancel, onSnooze }: { open: boolean; onCancel: () => void; onSnooze: (until: Date) => Promise<void> }) {
  const [value, setValue] = useState<Dayjs | null>(() => dayjs().add(1, "day").hour(9).minute(0).second(0));
  const [saving, setSaving] = useState(false);
  const past = !value || value.isBefore(dayjs());
  return (
    <Modal
      open={open}
      title={t("chats.snoozeTitle")}
      okText={t("chats.snooze")}
      cancelText={t("chats.cancel")}
      okButtonProps={{ disabled: past, loading: saving }}
      onCancel={onCancel}
      onOk={async () => {
        if (!value || past) return;
        setSaving(true);
        try {
          await onSnooze(value.toDate());
        } finally {
          setSaving(false);
        }
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t("chats.snoozeUntilLabel")} help={past ? t("chats.snoozeFuture") : undefined} validateStatus={past ? "error" : undefined}>
          <DateTimePicker
            showTime={{ format: "HH:mm", minuteStep: 5 }}
            format="D MMM YYYY HH:mm"
            value={value}
            onChange={setValue}
            disabledDate={(d) => d.isBefore(dayjs(), "day")}
            style={{ width: "100%" }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
