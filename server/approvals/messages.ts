// The approval workflow's messages.
import type { Messages } from "../http/language.js";
import { CHANGED_SINCE, NOT_OPEN, OWN_CHANGE, REASON_REQUIRED } from "./workflow.js";

export default {
  sentences: [
    { en: "Approved", id: "Disetujui" },
    { en: "Rejected", id: "Ditolak" },
    { en: OWN_CHANGE, id: "Anda tidak dapat memutuskan perubahan Anda sendiri" },
    { en: NOT_OPEN, id: "Permintaan ini sudah diputuskan" },
    { en: CHANGED_SINCE, id: "Permintaan ini telah berubah sejak Anda membukanya" },
    { en: REASON_REQUIRED, id: "Berikan alasan agar penulis tahu apa yang harus diubah" },
  ],
  patterns: [
    { en: "{n} approved, {m} failed", id: "{n} disetujui, {m} gagal" },
    { en: "{n} rejected, {m} failed", id: "{n} ditolak, {m} gagal" },
    { en: "{n} approved", id: "{n} disetujui" },
    { en: "{n} rejected", id: "{n} ditolak" },
  ],
} satisfies Messages;
