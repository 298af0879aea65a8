// Before any of antd's toasts, dialogs or click waves render (see src/lib/antdPatch.ts).
import "@ant-design/v5-patch-for-react-19";
import { lazy, Suspense, useEffect, useState } from "react";
import { Button, Layout } from "antd";
import { MenuOutlined } from "@ant-design/icons";
import { Navigate, Outlet, useLocation } from "react-router";
import { useWarnAboutChange } from "@refinedev/core";
import { unauthorized } from "../app/services";
import { REFUSAL } from "../../protocol/realtime";
import { SECOND_FACTOR_SIGN_IN } from "../../providers/signOut";
import { isCenterUser, session } from "../../providers/session";
import { t } from "../../providers/i18n";
// The console's English words come with its chunk (Console.tsx imports this module before its screens).
import "../../providers/i18n/console";
import { registerPush } from "../push/registerPush";
import { Waiting } from "../pages/Waiting";
import { PageSkeleton } from "./layout/PageSkeleton";
import { useAtLeast } from "./layout/useWidth";
import { ConnectionStatus } from "./live/ConnectionStatus";
import { LiveSync } from "./live/LiveSync";
import { NotificationBell } from "./notifications/NotificationBell";
import { ServerStatus } from "./ServerStatus";
import { Sidebar } from "./Sidebar";
import "./console.css";

const MENU_ID = "shell-menu";

// The phone's menu drawer (antd's Drawer, ~4 KB gzip) is needed only once the menu button is
// used: it loads when the pointer or focus reaches the button, and opens when it arrives.
const loadDrawer = () => import("./layout/Drawer");
const Drawer = lazy(loadDrawer);

/**
 * The authenticated shell: the sidebar and the child route (spec §2 '/app/*'). From antd's `lg`
 * the sidebar stands beside the page; below it, a bar above the page opens it as a drawer over
 * the page, which closes on every navigation.
 */
export function Shell() {
  const user = session.getUser();
  const wide = useAtLeast("lg");
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // Any navigation closes the menu, the current entry's too (a new location, the same path), in
  // the render that shows the new page.
  const [menuLocation, setMenuLocation] = useState(location.key);
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setMenuOpen(false);
  }
  // The drawer is rendered once it has first been opened, and stays (it animates closed).
  const [menuWanted, setMenuWanted] = useState(false);
  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) void registerPush(userId);
  }, [userId]);

  // The server ended this session: nothing of it stays on screen (the shell and its screens
  // unmount at once), no "leave this page?" question holds the tab, and the sign-out drops every
  // cached answer and the stored session before the page loads /login.
  const { setWarnWhen } = useWarnAboutChange();
  // Ended for lacking a second factor (a role now requires one): the sign-in says why.
  const [ended, setEnded] = useState<false | "ended" | "second-factor">(false);
  useEffect(() => {
    if (ended) unauthorized.signOut(ended === "second-factor" ? SECOND_FACTOR_SIGN_IN : "/login");
  }, [ended]);
  if (ended) return <Waiting />;

  // Center staff work inside one center: without a choice there is nothing to show yet.
  if (isCenterUser(user) && !session.getCenter()) return <Navigate to="/pick-center" replace />;

  const status = (
    <>
      <ConnectionStatus />
      <NotificationBell />
    </>
  );

  return (
    // Said, not found: without `hasSider` antd walks the layout's children on every render to look for one.
    <Layout className="shell" hasSider={wide}>
      {wide && (
        <Layout.Sider width={280} theme="light" className="shell__sider">
          {/* The sider's own column: it scrolls when the menu is taller than the window. */}
          <div className="shell__sider-body">
            <Sidebar />
          </div>
        </Layout.Sider>
      )}
      <Layout.Content className="shell__content">
        <LiveSync
          onSessionEnded={(reason) => {
            setWarnWhen(false);
            setEnded(reason === REFUSAL.secondFactor ? "second-factor" : "ended");
          }}
        />
        {wide ? (
          <div className="shell__bar">{status}</div>
        ) : (
          <header className="shell__topbar">
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t("layout.openMenu")}
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              onClick={() => {
                setMenuWanted(true);
                setMenuOpen(true);
              }}
              onPointerEnter={() => void loadDrawer()}
              onFocus={() => void loadDrawer()}
              className="shell__menu-button"
            />
            <span className="shell__topbar-name">{t("app.name")}</span>
            <div className="shell__topbar-status">{status}</div>
          </header>
        )}
        <ServerStatus />
        {/* The sidebar stays while a screen's chunk loads; the page's outline stands in for it. */}
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      {!wide && menuWanted && (
        <Suspense fallback={null}>
          <Drawer
            id={MENU_ID}
            placement="left"
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            title={t("app.name")}
            closable={{ "aria-label": t("layout.closeMenu") }}
            width={300}
            // A narrow phone keeps a strip of the page beside the menu; the sidebar, not the
            // drawer, spaces its own parts and pins its footer to the bottom.
            styles={{ wrapper: { maxWidth: "85vw" }, body: { padding: 0, display: "flex", flexDirection: "column" } }}
          >
            <Sidebar />
          </Drawer>
        </Suspense>
      )}
    </Layout>
  );
}
