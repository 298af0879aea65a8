// The publishing calendar's messages: a schedule refused, a decision on a schedule that passed,
// a center's time zone, the calendar's range.
import type { Messages } from "../http/language.js";
import { TAKE_DOWN_PASSED } from "../approvals/workflow.js";
import { CALENDAR_MAX_DAYS, NOT_AFTER_FROM, RANGE_TOO_LONG } from "./routes.js";
import { IN_THE_PAST, NOT_AFTER_GO_LIVE } from "./schedule.js";
import { NOT_A_TIME_ZONE } from "./zones.js";

export default {
  sentences: [
    { en: IN_THE_PAST, id: "tidak boleh waktu yang sudah lewat" },
    { en: NOT_AFTER_GO_LIVE, id: "harus setelah waktu tayang" },
    {
      en: TAKE_DOWN_PASSED,
      id: "Perubahan ini seharusnya diturunkan pada waktu yang sudah lewat: tolak agar penulis dapat menetapkan jadwal baru",
    },
    { en: NOT_A_TIME_ZONE, id: "harus berupa zona waktu IANA, misalnya Asia/Jakarta" },
    { en: NOT_AFTER_FROM, id: "harus setelah from" },
    { en: RANGE_TOO_LONG, id: `paling lama ${CALENDAR_MAX_DAYS} hari setelah from` },
  ],
} satisfies Messages;
