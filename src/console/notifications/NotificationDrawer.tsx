import { Alert, Badge, Button, Empty, List, Skeleton, Typography } from "antd";
import { Drawer } from "../layout/Drawer";
import type { NotificationItem } from "../../../protocol/realtime";
import { t } from "../../../providers/i18n";
import { formatTime } from "../approvals/display";
import { dayjs } from "../../lib/dates";
import type { useNotifications } from "./api";

type Notifications = ReturnType<typeof useNotifications>;

function Notice({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const unread = !item.read_at;
  return (
    <List.Item className={unread ? "notice notice--unread" : "notice"}>
      <button type="button" className="notice__button" onClick={() => onOpen(item)}>
        <span className="notice__head">
          {unread && <Badge status="processing" className="notice__dot" />}
          {unread && <span className="visually-hidden">{t("notifications.unread")}: </span>}
          <Typography.Text strong={unread} className="notice__title">
            {item.title}
          </Typography.Text>
        </span>
        {item.body && (
          <Typography.Text type="secondary" className="notice__body">
            {item.body}
          </Typography.Text>
        )}
        <time dateTime={item.created_at} title={formatTime(item.created_at)} className="notice__time">
          {dayjs(item.created_at).fromNow()}
        </time>
      </button>
    </List.Item>
  );
}

/** The notification centre: newest first, unread ones marked; opening one marks it read. */
export function NotificationDrawer({
  open,
  onClose,
  onOpenItem,
  notifications,
}: {
  open: boolean;
  onClose: () => void;
  onOpenItem: (item: NotificationItem) => void;
  notifications: Notifications;
}) {
  const { page, unread, query, markAllRead } = notifications;
  const docs = page?.docs ?? [];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("notifications.title")}
      width="min(420px, 100vw)"
      className="notices-drawer"
      extra={
        <Button size="small" onClick={() => void markAllRead().catch(() => undefined)} disabled={!unread}>
          {t("notifications.markAllRead")}
        </Button>
      }
    >
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : query.isError && !page ? (
        <Alert
          type="error"
          showIcon
          message={t("notifications.loadFailed")}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t("notifications.retry")}
            </Button>
          }
        />
      ) : docs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("notifications.empty")} />
      ) : (
        <List className="notices" dataSource={docs} rowKey="id" renderItem={(item) => <Notice item={item} onOpen={onOpenItem} />} />
      )}
    </Drawer>
  );
}
