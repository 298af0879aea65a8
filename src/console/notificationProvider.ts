import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { t } from "../../providers/i18n";
// The console's English words come with its chunk (Console.tsx imports this module before its screens).
import "../../providers/i18n/console";

const REFINE_STATUS_TITLE = /^Error \(status code: (\d+)\)$/;

/**
 * A toast as a person reads it: Refine's "Error (status code: 403)" becomes a plain title for
 * that status, with the server's message below it. Null when the screen already says it: a record
 * that could not be read shows its own state in place (not found, no permission, retry), and an
 * unreachable server has the shell's one "retrying" banner.
 */
export function plainNotice(params: OpenNotificationParams): OpenNotificationParams | null {
  if (params.type !== "error") return params;
  const match = REFINE_STATUS_TITLE.exec(params.message);
  if (!match) return params;
  const status = Number(match[1]);
  if (params.key?.endsWith("-getOne-notification")) return null;
  if (status === 0 || status === 503) return null;
  const title =
    status === 403 ? t("notify.forbidden") : status === 404 ? t("notify.notFound") : status === 400 ? t("notify.badRequest") : t("notify.failed");
  // The server's own words stay as the description, unless they only repeat the title.
  const description = params.description && params.description !== t("notify.serverNotFound") ? params.description : undefined;
  return { ...params, message: title, description };
}

// antd's notification API (its static methods) loads with the first toast: no screen needs it to paint.
type Notification = typeof import("antd/es/notification").default;
let antdNotification: Promise<Notification> | null = null;
const notification = () => (antdNotification ??= import("antd/es/notification").then((m) => m.default));

/**
 * Refine's notifications on antd's, top right like the loader's 'Success' (spec §7). Written here
 * rather than taken from @refinedev/antd, whose single bundle would bring a Markdown renderer into
 * the console's first chunk. Toasts and closes keep their order: each waits on the same load.
 */
export const notificationProvider: NotificationProvider = {
  open: (params) => {
    const notice = plainNotice(params);
    if (!notice) return;
    const { key, message, description, type } = notice;
    void notification().then((api) => {
      const show = type === "error" ? api.error : type === "success" ? api.success : api.info;
      show({ key, message, description, placement: "topRight" });
    });
  },
  close: (key) => void notification().then((api) => api.destroy(key)),
};
