// The reports' messages: a range refused, a comparison asked for by someone other than a superadmin.
import type { Messages } from "../http/language.js";
import { NOT_BEFORE_FROM, RANGE_TOO_LONG, REPORT_MAX_DAYS } from "./report.js";
import { SUPERADMINS_ONLY } from "./routes.js";

export default {
  sentences: [
    { en: NOT_BEFORE_FROM, id: "harus sama dengan atau setelah from" },
    { en: RANGE_TOO_LONG, id: `paling lama ${REPORT_MAX_DAYS} hari setelah from` },
    { en: SUPERADMINS_ONLY, id: "Hanya superadmin yang dapat membandingkan center" },
  ],
} satisfies Messages;
