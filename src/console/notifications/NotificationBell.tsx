import { useId, useState } from "react";
import { Badge, Button, Tooltip } from "antd";
import { BellOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import type { NotificationItem } from "../../../protocol/realtime";
import { t } from "../../../providers/i18n";
import { safeLink, useNotifications } from "./api";
import { NotificationDrawer } from "./NotificationDrawer";
import "./notifications.css";

/** The bell in the shell's top bar: the unread count, and the notification centre behind it. */
export function NotificationBell() {
  const notifications = useNotifications();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const countId = useId();
  const { unread, query, markRead } = notifications;

  const show = () => {
    setOpen(true);
    void query.refetch();
  };
  const openItem = (item: NotificationItem) => {
    void markRead(item);
    setOpen(false);
    const link = safeLink(item.link);
    if (link) navigate(link);
  };

  return (
    <>
      <Tooltip title={t("notifications.title")}>
        <Badge count={unread} size="small" overflowCount={99} offset={[-6, 6]}>
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined />}
            aria-label={t("notifications.title")}
            aria-describedby={unread ? countId : undefined}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={show}
          />
        </Badge>
      </Tooltip>
      {unread > 0 && (
        <span id={countId} className="visually-hidden">
          {t("notifications.unreadCount", { count: unread })}
        </span>
      )}
      <NotificationDrawer open={open} onClose={() => setOpen(false)} onOpenItem={openItem} notifications={notifications} />
    </>
  );
}
