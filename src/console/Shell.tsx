import { Suspense, useEffect } from "react";
import { Layout } from "antd";
import { Navigate, Outlet } from "react-router";
import { isCenterUser, session } from "../../providers/session";
import { registerPush } from "../push/registerPush";
import { ConnectionStatus } from "./live/ConnectionStatus";
import { LiveSync } from "./live/LiveSync";
import { NotificationBell } from "./notifications/NotificationBell";
import { ServerStatus } from "./ServerStatus";
import { Sidebar } from "./Sidebar";
import "./console.css";

/** The authenticated shell: the sidebar and the child route (spec §2 '/app/*'). */
export function Shell() {
  const user = session.getUser();
  useEffect(() => {
    if (user) void registerPush(user.id);
  }, [user?.id]);

  // Center staff work inside one center: without a choice there is nothing to show yet.
  if (isCenterUser(user) && !session.getCenter()) return <Navigate to="/pick-center" replace />;

  return (
    <Layout className="shell">
      <Layout.Sider width={280} theme="light" breakpoint="lg" collapsedWidth={0} className="shell__sider">
        <Sidebar />
      </Layout.Sider>
      <Layout.Content className="shell__content">
        <LiveSync />
        {/* Above the page on a desktop; beside the sidebar's opener on a phone (console.css). */}
        <div className="shell__bar">
          <ConnectionStatus />
          <NotificationBell />
        </div>
        <ServerStatus />
        {/* The sidebar stays while a screen's chunk loads. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
