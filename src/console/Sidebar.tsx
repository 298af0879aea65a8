import { useMemo, useState } from "react";
import { useGetIdentity, useList, useLogout, usePermissions } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Tooltip } from "antd";
import { KeyOutlined, LogoutOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from "@ant-design/icons";
import { Link, useLocation } from "react-router";
import { accessControlProvider, authProvider } from "../app/services";
import { canRead, type Identity, type PermissionEntry } from "../../providers/authProvider";
import { isCenterUser, session } from "../../providers/session";
import { t } from "../../providers/i18n";
import { registry } from "../app/definitions";
import { LanguageSwitch } from "./LanguageSwitch";
import { DeferredSelect, loadSidebarSelects } from "./DeferredSelect";
import { useWhenSettled } from "./settled";
import { useApprovalCounts } from "./approvals/counts";
import { activeMenuPath, APPROVAL_GROUP, buildMenu } from "./menu";
import { SidebarNav } from "./SidebarNav";
import { useChatUnread } from "./chats/unread";
import type { AdminCenter } from "../../protocol/api";
import "./sidebar.css";

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

  // Closed, the switcher names the center alone: the role is under the user's name above, and a
  // narrow sidebar would otherwise cut the center's name, the part that tells centers apart.
  const centerName = (code: string | undefined) => result?.data.find((c) => c.center_code === code)?.center_web_name;
  return (
    <DeferredSelect
      aria-label={t("sidebar.switchCenter")}
      className="sidebar__switcher"
      value={current}
      labelRender={({ value, label }) => centerName(String(value)) ?? label}
      // As the select shows it: the center's name, its code while the list loads.
      shown={centerName(current) ?? current ?? t("sidebar.noCenter")}
      placeholder={t("sidebar.noCenter")}
      loading={query.isLoading}
      options={options}
      onChange={switchTo}
    />
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
  useWhenSettled(true, () => void loadSidebarSelects(), { maxMs: 10_000 });

  const superadmin = identity?.user_type === "superadmin";
  const groups = useMemo(
    () =>
      MENU.filter((g) => (g.readAny ? g.readAny.some((key) => canRead(permissions, key)) : g.permissionKey === null || canRead(permissions, g.permissionKey)))
        .map((g) => ({ ...g, items: g.items.filter((item) => superadmin || !item.superadminOnly) }))
        .filter((g) => g.items.length > 0),
    [permissions, superadmin],
  );
  const counts = useApprovalCounts(groups.some((g) => g.key === APPROVAL_GROUP));
  const chatUnread = useChatUnread();
  const active = activeMenuPath(location.pathname, MENU);

  async function refresh() {
    setSpinning(true);
    setTimeout(() => setSpinning(false), REFRESH_SPIN_MS);
    accessControlProvider.clearCache();
    await authProvider.sessionCheck(true).catch(() => undefined);
    await queryClient.invalidateQueries();
  }

  return (
    <nav className="sidebar" aria-label={t("app.adminConsole")}>
      <div className="sidebar__profile">
        {/* antd's Space as it lays this out (inline-flex, 8 px apart), without its code. */}
        <div style={{ display: "inline-flex", alignItems: "flex-start", gap: 8 }}>
          <span className="sidebar__avatar" aria-hidden="true">
            <UserOutlined />
          </span>
          <div>
            <span className="sidebar__name">{identity?.fullname ?? session.getUser()?.fullname}</span>
            <br />
            <span className="sidebar__role">{identity?.roleName ?? "\u00a0"}</span>
          </div>
        </div>
        {identity && isCenterUser(identity) && <CenterSwitcher userId={identity.id} />}
        <div className="sidebar__actions">
          <Tooltip title={t("sidebar.refresh")} placement="topLeft">
            <Button aria-label={t("sidebar.refresh")} icon={<ReloadOutlined spin={spinning} />} onClick={refresh} />
          </Tooltip>
          <Link to="/app/change-password">
            <Button icon={<KeyOutlined />}>{t("sidebar.editPassword")}</Button>
          </Link>
          <Tooltip title={t("sidebar.twoFactor")} placement="topLeft">
            <Link to="/app/two-factor" aria-label={t("sidebar.twoFactor")}>
              <Button icon={<SafetyOutlined />} tabIndex={-1} />
            </Link>
          </Tooltip>
        </div>
      </div>
      {/* Only the menu scrolls: the profile above and Sign Out below stay in view however many groups are open. */}
      <div className="sidebar__menu">
        <div className="sidebar__heading">{t("app.adminConsole")}</div>
        <SidebarNav groups={groups} active={active} counts={counts} chatUnread={chatUnread} />
      </div>
      <div className="sidebar__footer">
        <LanguageSwitch />
        <Button block danger icon={<LogoutOutlined />} onClick={() => logout()}>
          {t("sidebar.signOut")}
        </Button>
      </div>
    </nav>
  );
}
