import type { NotificationProvider } from "@refinedev/core";
import { notification } from "antd";

/**
 * Refine's notifications on antd's, top right like the loader's 'Success' (spec §7). Written here
 * rather than taken from @refinedev/antd, whose single bundle would bring a Markdown renderer into
 * the console's first chunk.
 */
export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    const show = type === "error" ? notification.error : type === "success" ? notification.success : notification.info;
    show({ key, message, description, placement: "topRight" });
  },
  close: (key) => notification.destroy(key),
};
