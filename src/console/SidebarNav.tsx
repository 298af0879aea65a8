// The sidebar's menu: antd's inline Menu, its look set by the theme's Menu tokens (src/app/theme.ts).
import { useEffect, useState, type ReactNode } from "react";
import { Badge, Menu, theme, type MenuProps } from "antd";
import { Link, useNavigate } from "react-router";
import { labelText, t, type Label } from "../../providers/i18n";
import { CHATS_KEY, groupOf, TOP_LEVEL, type MenuGroup, type MenuItem } from "./menu";

/**
 * A count in antd's small Badge, named for assistive technology; nothing when it is 0. An image
 * of its label ("154 waiting"): what it shows ("99+") is not what it says.
 */
function Count({ count, label, color }: { count: number; label: string; color?: string }) {
  if (!count) return null;
  return (
    <span className="sidebar__count" role="img" aria-label={label}>
      <Badge count={count} size="small" overflowCount={99} color={color} title={label} />
    </span>
  );
}

/** Open requests in an approval queue (the theme's error colour). */
const Waiting = ({ count }: { count: number }) => <Count count={count} label={t("approval.openCount", { count })} />;

/** Conversations with messages the visitor wrote that this user has not read (the theme's info colour). */
function Unread({ count }: { count: number }) {
  const { token } = theme.useToken();
  return <Count count={count} label={t("chats.unreadConversations", { count })} color={token.colorInfo} />;
}

/** An entry's label: a link (its address, aria-current on the current page's) and its badge. */
function EntryLabel({ item, label, current, badge }: { item: MenuItem; label: Label; current: boolean; badge?: ReactNode }) {
  return (
    <Link to={item.path} className="sidebar__entry" aria-current={current ? "page" : undefined}>
      <span className="sidebar__entry-label">{labelText(label)}</span>
      {badge}
    </Link>
  );
}

type Items = NonNullable<MenuProps["items"]>;

/**
 * The menu: top-level links (Welcome, Customer Chats) and groups that fold open and closed, as
 * many open as the user likes; the current page's group opens on arrival. `counts` are the open
 * requests per approval queue, `chatUnread` the unread conversations. An entry's key is its path.
 */
export function SidebarNav({
  groups,
  active,
  counts,
  chatUnread,
}: {
  groups: MenuGroup[];
  active: string | undefined;
  counts: Record<string, number>;
  chatUnread: number;
}) {
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const group = groupOf(active, groups);
    return group ? [group] : [];
  });
  // Arriving on another group's page (a link, a breadcrumb) opens that group, so its entry shows lit.
  useEffect(() => {
    const group = groupOf(active, groups);
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [active, groups]);

  const items: Items = groups.map((group) => {
    if (TOP_LEVEL.has(group.key)) {
      const item = group.items[0];
      const badge = group.key === CHATS_KEY && <Unread count={chatUnread} />;
      return { key: item.path, label: <EntryLabel item={item} label={group.label} current={active === item.path} badge={badge} /> };
    }
    const opened = openKeys.includes(group.key);
    const waiting = group.items.reduce((n, item) => n + (item.queue ? (counts[item.queue] ?? 0) : 0), 0);
    return {
      key: group.key,
      label: (
        <span className="sidebar__entry">
          <span className="sidebar__entry-label">{labelText(group.label)}</span>
          {/* A closed group still tells a reviewer that something waits in it. */}
          {!opened && <Waiting count={waiting} />}
        </span>
      ),
      children: group.items.map((item) => ({
        key: item.path,
        label: <EntryLabel item={item} label={item.label} current={active === item.path} badge={item.queue && <Waiting count={counts[item.queue] ?? 0} />} />,
      })),
    };
  });

  return (
    <Menu
      mode="inline"
      className="sidebar-nav"
      items={items}
      selectedKeys={active ? [active] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      // The whole row goes to the entry, from a pointer or the keyboard (Enter on a focused row);
      // a click on the link itself is the link's own.
      onClick={({ key, domEvent }) => {
        if (!(domEvent.target as Element).closest("a")) navigate(key);
      }}
    />
  );
}
