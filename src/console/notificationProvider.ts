import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { notification } from "antd";
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

/**
 * Refine's notifications on antd's, top right like the loader's 'Success' (spec §7). Written here
 * rather than taken from @refinedev/antd, whose single bundle would bring a Markdown renderer into
 * the console's first chunk.
 */
export const notificationProvider: NotificationProvider = {
  open: (params) => {
    const notice = plainNotice(params);
    if (!notice) return;
    const { key, message, description, type } = notice;
    const show = type === "error" ? notification.error : type === "success" ? notification.success : notification.info;
    show({ key, message, description, placement: "topRight" });
  },
  close: (key) => notification.destroy(key),
};
