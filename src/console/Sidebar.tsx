import { useEffect, useMemo, useState } from "react";
import { useGetIdentity, useList, useLogout, usePermissions } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Menu, Tooltip, Typography } from "antd";
import { KeyOutlined, LogoutOutlined, ReloadOutlined, UserOutlined } from "@ant-design/icons";
import { Link, useLocation } from "react-router";
import { accessControlProvider, authProvider } from "../app/services";
import { canRead, type Identity, type PermissionEntry } from "../../providers/authProvider";
import { isCenterUser, session } from "../../providers/session";
import { t } from "../../providers/i18n";
import { registry } from "../app/definitions";
import { LanguageSwitch } from "./LanguageSwitch";
import { DeferredSelect, loadSidebarSelects } from "./DeferredSelect";
import { whenSettled } from "./live/settled";
import { useApprovalCounts } from "./approvals/counts";
import { activeMenuPath, APPROVAL_GROUP, buildMenu, CHATS_KEY, groupOf, TOP_LEVEL, type MenuItem } from "./menu";
import { useChatUnread } from "./chats/unread";
import type { AdminCenter } from "../pages/PickCenter";

const MENU = buildMenu(registry);

/** Spec §9: the refresh icon spins for 1 s. */
export const REFRESH_SPIN_MS = 1000;

function CenterSwitcher({ userId }: { userId: number }) {
  const { result, query } = useList<AdminCenter>({
    resource: `e1-centers/by-admin/${userId}`,
    pagination: { mode: "off" },
  });
  const current = session.getCenter()?.code;
  const options = (result?.data ?? []).map((c) => ({
    value: c.center_code,
    label: t("sidebar.centerOption", { role: c.assignment?.role.name ?? "", center: c.center_web_name }),
  }));

  function switchTo(code: string) {
    const center = result?.data.find((c) => c.center_code === code);
    if (!center) return;
    session.setCenter({ code, assignmentId: center.assignment?.id ?? null });
    window.location.reload();
  }

  return (
    <DeferredSelect
      aria-label={t("sidebar.switchCenter")}
      className="sidebar__switcher"
      value={current}
      // As the select shows it: the option's label, its code while the list loads.
      shown={options.find((o) => o.value === current)?.label ?? current ?? t("sidebar.noCenter")}
      placeholder={t("sidebar.noCenter")}
      loading={query.isLoading}
      options={options}
      onChange={switchTo}
    />
  );
}

function WaitingBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <Badge
      count={count}
      overflowCount={99}
      size="small"
      color="#d4380d"
      title={t("approval.openCount", { count })}
      aria-label={t("approval.openCount", { count })}
    />
  );
}

/** Conversations with messages the visitor wrote that this user has not read. */
function UnreadBadge({ count }: { count: number }) {
  if (!count) return null;
  const label = t("chats.unreadConversations", { count });
  return <Badge count={count} overflowCount={99} size="small" color="#1677ff" title={label} aria-label={label} />;
}

/** A menu entry; a queue's entry shows how many requests wait in it. The highlighted one is the current page's. */
function Entry({ item, count, current }: { item: MenuItem; count?: number; current: boolean }) {
  return (
    <Link to={item.path} className="sidebar__entry" aria-current={current ? "page" : undefined}>
      <span className="sidebar__entry-label">{t(item.label)}</span>
      <WaitingBadge count={count ?? 0} />
    </Link>
  );
}

export function Sidebar() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: identity } = useGetIdentity<Identity>();
  const { data: permissions } = usePermissions<PermissionEntry[]>({});
  const { mutate: logout } = useLogout();
  const [spinning, setSpinning] = useState(false);
  // The center and language selects paint as stand-ins; their code follows once the screen has settled.
  useEffect(() => whenSettled(queryClient, () => void loadSidebarSelects(), { maxMs: 10_000 }), [queryClient]);

  const superadmin = identity?.user_type === "superadmin";
  const groups = useMemo(
    () =>
      MENU.filter((g) => g.permissionKey === null || canRead(permissions, g.permissionKey))
        .map((g) => ({ ...g, items: g.items.filter((item) => superadmin || !item.superadminOnly) }))
        .filter((g) => g.items.length > 0),
    [permissions, superadmin],
  );
  const counts = useApprovalCounts(groups.some((g) => g.key === APPROVAL_GROUP));
  const chatUnread = useChatUnread();
  const active = activeMenuPath(location.pathname, MENU);
  const [openKeys, setOpenKeys] = useState<string[]>(() => [groupOf(active, MENU) ?? ""]);
  // Arriving on another group's page (a link, a breadcrumb) opens that group, so its entry shows lit.
  useEffect(() => {
    const group = groupOf(active, MENU);
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [active]);

  async function refresh() {
    setSpinning(true);
    setTimeout(() => setSpinning(false), REFRESH_SPIN_MS);
    accessControlProvider.clearCache();
    await authProvider.sessionCheck(true).catch(() => undefined);
    await queryClient.invalidateQueries();
  }

  const items = groups.map((group) =>
    TOP_LEVEL.has(group.key)
      ? {
          key: group.items[0].path,
          label: (
            <Link to={group.items[0].path} className="sidebar__entry" aria-current={active === group.items[0].path ? "page" : undefined}>
              <span className="sidebar__entry-label">{t(group.label)}</span>
              {group.key === CHATS_KEY && <UnreadBadge count={chatUnread} />}
            </Link>
          ),
        }
      : {
          key: group.key,
          // A closed group still tells a reviewer that something waits in it.
          label: (
            <span className="sidebar__entry">
              <span className="sidebar__entry-label">{t(group.label)}</span>
              {!openKeys.includes(group.key) && (
                <WaitingBadge count={group.items.reduce((n, item) => n + (item.queue ? (counts[item.queue] ?? 0) : 0), 0)} />
              )}
            </span>
          ),
          children: group.items.map((item) => ({ key: item.path, label: <Entry item={item} count={item.queue ? counts[item.queue] : undefined} current={active === item.path} /> })),
        },
  );

  return (
    <nav className="sidebar" aria-label={t("app.adminConsole")}>
      <div className="sidebar__profile">
        {/* antd's Space as it lays this out (inline-flex, 8 px apart), without its code. */}
        <div style={{ display: "inline-flex", alignItems: "flex-start", gap: 8 }}>
          <span className="sidebar__avatar" aria-hidden="true">
            <UserOutlined />
          </span>
          <div>
            <Typography.Text strong className="sidebar__name">{identity?.fullname ?? session.getUser()?.fullname}</Typography.Text>
            <br />
            <Typography.Text type="secondary" className="sidebar__role">{identity?.roleName ?? "\u00a0"}</Typography.Text>
          </div>
        </div>
        {identity && isCenterUser(identity) && <CenterSwitcher userId={identity.id} />}
        <div className="sidebar__actions">
          <Tooltip title={t("sidebar.refresh")}>
            <Button aria-label={t("sidebar.refresh")} icon={<ReloadOutlined spin={spinning} />} onClick={refresh} />
          </Tooltip>
          <Link to="/app/change-password">
            <Button icon={<KeyOutlined />}>{t("sidebar.editPassword")}</Button>
          </Link>
        </div>
      </div>
      <div className="sidebar__heading">{t("app.adminConsole")}</div>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={active ? [active] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
      />
      <div className="sidebar__footer">
        <LanguageSwitch />
        <Button block danger icon={<LogoutOutlined />} onClick={() => logout()}>
          {t("sidebar.signOut")}
        </Button>
      </div>
    </nav>
  );
}
