import { lazy, Suspense, useEffect, useState } from "react";
import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { t, type MessageKey } from "../../providers/i18n";
// The console's English words come with its chunk (Console.tsx imports this module before its screens).
import "../../providers/i18n/console";

const REFINE_STATUS_TITLE = /^Error \(status code: (\d+)\)$/;

/**
 * A toast as a person reads it: Refine's "Error (status code: 403)" becomes a plain title for
 * that status, with the server's message below it. Null when the screen already says it: a record
 * that could not be read shows its own state in place (not found, no permission, retry), and an
 * unreachable server has the shell's one "retrying" banner. `message` is the title, as in antd.
 */
export function plainNotice(params: OpenNotificationParams): OpenNotificationParams | null {
  if (params.type !== "error") return params;
  const match = REFINE_STATUS_TITLE.exec(params.message);
  if (!match) return params;
  const status = Number(match[1]);
  if (params.key?.endsWith("-getOne-notification")) return null;
  if (status === 0 || status === 503) return null;
  const titles: Record<number, MessageKey> = { 400: "notify.badRequest", 403: "notify.forbidden", 404: "notify.notFound", 409: "notify.conflict" };
  const title = t(titles[status] ?? "notify.failed");
  // The server's own words stay as the description, unless they only repeat the title.
  const description = params.description && params.description !== t("notify.serverNotFound") ? params.description : undefined;
  return { ...params, message: title, description };
}

/**
 * Refine's notifications through `antd` (@refinedev/antd's provider, top right as antd places
 * them, like the loader's 'Success', spec §7), with plain words for Refine's status-code errors.
 * The console's notices carry their title in `message`; @refinedev/antd's provider shows
 * `description` as the title and `message` below it, so they are handed over in its order.
 *
 * @refinedev/antd is one module (its forms and tables with it) and no first screen shows a toast,
 * so it loads with the first one: `load` mounts it (NotificationHost), and toasts and closes wait,
 * in order, until it is there.
 */
export function createNotificationProvider() {
  let target: NotificationProvider | null = null;
  const waiting: Array<(provider: NotificationProvider) => void> = [];
  let load: (() => void) | null = null;
  const call = (use: (provider: NotificationProvider) => void) => {
    if (target) return use(target);
    waiting.push(use);
    load?.();
  };
  const provider: NotificationProvider = {
    open: (params) => {
      const notice = plainNotice(params);
      if (!notice) return;
      call((antd) => antd.open(notice.type === "progress" ? notice : { ...notice, message: notice.description ?? "", description: notice.message }));
    },
    close: (key) => call((antd) => antd.close(key)),
  };
  return {
    provider,
    /** Called by the host with @refinedev/antd's provider once it is mounted. */
    ready: (antd: NotificationProvider) => {
      target = antd;
      for (const use of waiting.splice(0)) use(antd);
    },
    /** The host's way to be asked to mount it; mounts at once if a toast already waits. */
    onLoad: (mount: () => void) => {
      load = mount;
      if (waiting.length) mount();
      return () => {
        load = null;
      };
    },
  };
}

const notifications = createNotificationProvider();
export const notificationProvider = notifications.provider;

const Bridge = lazy(() => import("./notificationBridge"));

/** Mounts @refinedev/antd's provider when the first toast asks for it (inside the console's ConfigProvider). */
export function NotificationHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => notifications.onLoad(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Bridge onReady={notifications.ready} />
    </Suspense>
  ) : null;
}
