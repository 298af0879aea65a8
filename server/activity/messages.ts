// The activity log's messages.
import type { Messages } from "../http/language.js";
import { SUPERADMINS_ONLY } from "./routes.js";

export default {
  sentences: [{ en: SUPERADMINS_ONLY, id: "Hanya superadmin yang dapat melihat log aktivitas" }],
} satisfies Messages;
