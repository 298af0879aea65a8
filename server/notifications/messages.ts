// The notification centre's messages.
import type { Messages } from "../http/language.js";
import { NOTIFICATION_NOT_FOUND } from "./routes.js";

export default {
  sentences: [{ en: NOTIFICATION_NOT_FOUND, id: "Notifikasi tidak ditemukan" }],
} satisfies Messages;
