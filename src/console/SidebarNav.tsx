// The sidebar's menu in our own markup, drawn as antd's inline light Menu draws it (the same
// roles, sizes and colours): antd's Menu, Badge and their rc-* dependencies (~25 KB gzip) stay
// off the first screen. Styles: ./sidebarNav.css.
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { t } from "../../providers/i18n";
import { CHATS_KEY, groupOf, TOP_LEVEL, type MenuGroup, type MenuItem } from "./menu";
import { CountBadge } from "./layout/CountBadge";
import "./sidebarNav.css";

function WaitingBadge({ count }: { count: number }) {
  return <CountBadge count={count} color="#d4380d" label={t("approval.openCount", { count })} />;
}

/** Conversations with messages the visitor wrote that this user has not read. */
function UnreadBadge({ count }: { count: number }) {
  return <CountBadge count={count} color="#1677ff" label={t("chats.unreadConversations", { count })} />;
}

/** A link entry; a queue's entry shows how many requests wait in it. The current page's is lit. */
function Entry({ item, label, current, badge }: { item: MenuItem; label: string; current: boolean; badge?: ReactNode }) {
  return (
    <li role="menuitem" className={current ? "sidebar-nav__item sidebar-nav__item--selected" : "sidebar-nav__item"}>
      <Link to={item.path} className="sidebar-nav__link sidebar__entry" aria-current={current ? "page" : undefined}>
        <span className="sidebar__entry-label">{t(label)}</span>
        {badge}
      </Link>
    </li>
  );
}

/** What the arrow keys do in the menu: up and down through its entries, right opens a group, left closes it. */
function onMenuKey(event: KeyboardEvent<HTMLUListElement>, open: (key: string, opened: boolean) => void) {
  const focusables = [...event.currentTarget.querySelectorAll<HTMLElement>("a, button")];
  const at = focusables.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  const here = focusables[at];
  const group = here.dataset.group;
  let next: HTMLElement | undefined;
  if (event.key === "ArrowDown") next = focusables[(at + 1) % focusables.length];
  else if (event.key === "ArrowUp") next = focusables[(at - 1 + focusables.length) % focusables.length];
  else if (event.key === "Home") next = focusables[0];
  else if (event.key === "End") next = focusables.at(-1);
  else if (event.key === "ArrowRight" && group) open(group, true);
  else if (event.key === "ArrowLeft" && group) open(group, false);
  // Left from a group's entry goes back to the group's header.
  else if (event.key === "ArrowLeft") next = here.closest(".sidebar-nav__group")?.querySelector<HTMLElement>("button") ?? undefined;
  else return;
  event.preventDefault();
  next?.focus();
}

/**
 * The menu: top-level links (Welcome, Customer Chats) and groups that fold open and closed, as
 * many open as the user likes; the current page's group opens on arrival. `counts` are the open
 * requests per approval queue, `chatUnread` the unread conversations.
 */
export function SidebarNav({ groups, active, counts, chatUnread }: { groups: MenuGroup[]; active: string | undefined; counts: Record<string, number>; chatUnread: number }) {
  const id = useId();
  const [openKeys, setOpenKeys] = useState<string[]>(() => [groupOf(active, groups) ?? ""]);
  // Arriving on another group's page (a link, a breadcrumb) opens that group, so its entry shows lit.
  useEffect(() => {
    const group = groupOf(active, groups);
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [active, groups]);

  const open = (key: string, opened: boolean) =>
    setOpenKeys((keys) => (opened ? (keys.includes(key) ? keys : [...keys, key]) : keys.filter((k) => k !== key)));

  return (
    <ul role="menu" className="sidebar-nav" onKeyDown={(event) => onMenuKey(event, open)}>
      {groups.map((group) => {
        if (TOP_LEVEL.has(group.key)) {
          const item = group.items[0];
          return (
            <Entry
              key={group.key}
              item={item}
              label={group.label}
              current={active === item.path}
              badge={group.key === CHATS_KEY && <UnreadBadge count={chatUnread} />}
            />
          );
        }
        const opened = openKeys.includes(group.key);
        const selected = group.items.some((item) => item.path === active);
        const listId = `${id}-${group.key}`;
        const classes = ["sidebar-nav__group", opened && "sidebar-nav__group--open", selected && "sidebar-nav__group--selected"];
        return (
          <li key={group.key} role="none" className={classes.filter(Boolean).join(" ")}>
            <button
              type="button"
              role="menuitem"
              className="sidebar-nav__title"
              aria-expanded={opened}
              aria-haspopup="true"
              aria-controls={opened ? listId : undefined}
              data-group={group.key}
              onClick={() => open(group.key, !opened)}
            >
              <span className="sidebar__entry">
                <span className="sidebar__entry-label">{t(group.label)}</span>
                {/* A closed group still tells a reviewer that something waits in it. */}
                {!opened && <WaitingBadge count={group.items.reduce((n, item) => n + (item.queue ? (counts[item.queue] ?? 0) : 0), 0)} />}
              </span>
              <i className="sidebar-nav__arrow" aria-hidden="true" />
            </button>
            {opened && (
              <ul role="menu" id={listId} className="sidebar-nav sidebar-nav--sub" aria-label={t(group.label)}>
                {group.items.map((item) => (
                  <Entry
                    key={item.path}
                    item={item}
                    label={item.label}
                    current={active === item.path}
                    badge={item.queue && <WaitingBadge count={counts[item.queue] ?? 0} />}
                  />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
