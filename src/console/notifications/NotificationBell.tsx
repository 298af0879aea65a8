import { lazy, Suspense, useId, useState } from "react";
import { Badge, Button } from "antd";
import { BellOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import type { NotificationItem } from "../../../protocol/realtime";
import { t } from "../../../providers/i18n";
import { useWhenSettled } from "../settled";
import { safeLink, useNotifications } from "./api";
import { HoverTip } from "../resources/HoverTip";
import "./notifications.css";

// The drawer (antd's Drawer and List, relative times) is not needed to paint the shell: it loads
// once the first screen has settled, or as soon as the pointer or focus reaches the
// bell, so opening it is instant; it is a portal overlay, so arriving late moves nothing.
const loadDrawer = () => import("./NotificationDrawer");
const NotificationDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.NotificationDrawer })));

/** The bell in the shell's top bar: the unread count, and the notification centre behind it. */
export function NotificationBell() {
  const notifications = useNotifications();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The drawer is rendered once it has been wanted (prefetched or opened), and stays.
  const [wanted, setWanted] = useState(false);
  const countId = useId();
  const { unread, query, markRead } = notifications;

  useWhenSettled(true, () => void loadDrawer(), { maxMs: 10_000 });

  const prefetch = () => void loadDrawer();
  const show = () => {
    setWanted(true);
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
      <HoverTip title={t("notifications.title")}>
        <span className="bell">
          {/* The count on the bell's corner, 6 px in; the button is described by the count below. */}
          <Badge count={unread} size="small" offset={[-6, 6]}>
            <Button
              type="text"
              shape="circle"
              icon={<BellOutlined />}
              aria-label={t("notifications.title")}
              aria-describedby={unread ? countId : undefined}
              aria-haspopup="dialog"
              aria-expanded={open}
              onClick={show}
              onPointerEnter={prefetch}
              onFocus={prefetch}
            />
          </Badge>
        </span>
      </HoverTip>
      {unread > 0 && (
        <span id={countId} className="visually-hidden">
          {t("notifications.unreadCount", { count: unread })}
        </span>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onClose={() => setOpen(false)} onOpenItem={openItem} notifications={notifications} />
        </Suspense>
      )}
    </>
  );
}
