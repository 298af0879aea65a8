// First, so that the console's own styles come after antd's (see scripts/vite/antdFirstPaint.ts).
import "virtual:antd-first-paint.css";
import { antdLocale } from "../app/antdLocale";
import { lazy, useEffect, type ComponentType } from "react";
import { Authenticated, Refine, type ResourceProps } from "@refinedev/core";
import routerProvider, { UnsavedChangesNotifier } from "@refinedev/react-router";
import { QueryClient } from "@tanstack/react-query";
import { ConfigProvider } from "antd";
import { Navigate, Route, Routes } from "react-router";
import { registry } from "../app/definitions";
import { createLiveProvider } from "../../providers/liveProvider";
import "../lib/dates";
import { accessControlProvider, authProvider, dataProvider, load, onClearCaches, onConsoleToast } from "../app/services";
import { i18nProvider } from "../../providers/i18n";
// Its page title is among the console's routes, whose titles show before a page's code has loaded.
import "../../providers/i18n/twoFactor";
import { FeedbackProvider } from "./feedback/Feedback";
import { live } from "./live/context";
import { NotificationHost, notificationProvider } from "./notificationProvider";
import { DeferredMount } from "./layout/DeferredMount";
import { PermissionGate } from "./PermissionGate";
import { resourceRoutes } from "./resourceRoutes";
import { CONSOLE_ROUTES, type PageId } from "./routes";
import { Shell } from "./Shell";
import { preloadable, type Preloadable } from "./preloadable";
import { warmStart } from "./warmStart";
import { nextTask } from "../lib/nextTask";
import { theme, THEME_CLASS } from "../app/theme";

const pages: Record<PageId, Preloadable<ComponentType<any>>> = {
  welcome: preloadable(() => import("./pages/Welcome")),
  customerChats: preloadable(() => import("./pages/CustomerChats")),
  changePassword: preloadable(() => import("./pages/ChangePassword")),
  twoFactor: preloadable(() => import("./pages/TwoFactor")),
  activity: preloadable(() => import("./pages/Activity")),
  calendar: preloadable(() => import("./pages/Calendar")),
  // Its chart library comes with it, and with no other page.
  reports: preloadable(() => import("./pages/Reports")),
};
const NotFound = lazy(() => import("./pages/NotFound"));

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
});

/** Lists and record screens refetch when the server says their records changed (forms do not: see ResourceForm). */
const liveProvider = createLiveProvider(live);

const resources: ResourceProps[] = registry.map((r) => ({
  name: r.name,
  list: r.routes.list ?? r.views?.[0]?.path,
  create: r.routes.create,
  edit: r.routes.edit,
  meta: { label: r.labelPlural },
}));

const generated = resourceRoutes(registry);

// The loader's 'Success' toasts take the console's theme once it is here.
onConsoleToast(({ title, text }) => notificationProvider.open({ type: "success", message: title, description: text }));

// Opened by URL, the page's code and first questions start as soon as this module has run, while
// the console mounts (in a task of their own: this module's evaluation is long enough).
nextTask(() => warmStart([...CONSOLE_ROUTES.map((r) => ({ ...r, preload: pages[r.page].preload })), ...generated], window.location, load.prefetch));

export default function Console() {
  // Sign-out drops every cached answer, so the next user never sees the last one's data, and
  // closes the socket before the session's token is gone.
  useEffect(
    () =>
      onClearCaches(() => {
        live.stop();
        queryClient.clear();
      }),
    [],
  );

  return (
    <ConfigProvider theme={theme} locale={antdLocale()}>
      <FeedbackProvider>
        {/* The theme's class: its CSS variables for the console's own CSS (src/app/theme.ts). */}
        <div className={`console-root ${THEME_CLASS}`}>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={notificationProvider}
            liveProvider={liveProvider}
            resources={resources}
            options={{
              disableTelemetry: true,
              reactQuery: { clientConfig: queryClient },
              warnWhenUnsavedChanges: true,
              syncWithLocation: true,
              liveMode: "auto",
            }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="console" loading={null} redirectOnFail="/login">
                    <DeferredMount>
                      <Shell />
                    </DeferredMount>
                  </Authenticated>
                }
              >
                <Route index element={<Navigate to="welcome" replace />} />
                {CONSOLE_ROUTES.map((route) => {
                  const Page = pages[route.page];
                  return (
                    <Route
                      key={route.path}
                      path={route.path}
                      element={
                        <PermissionGate key={route.path} permissionKey={route.permissionKey} orKey={route.orKey}>
                          <Page title={route.title} />
                        </PermissionGate>
                      }
                    />
                  );
                })}
                {generated.map((route) => (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={
                      <PermissionGate key={route.path} permissionKey={route.permissionKey}>
                        {route.element}
                      </PermissionGate>
                    }
                  />
                ))}
                <Route path="*" element={<NotFound />} />
              </Route>
            </Routes>
            <UnsavedChangesNotifier />
          </Refine>
        </div>
        <NotificationHost />
      </FeedbackProvider>
    </ConfigProvider>
  );
}
