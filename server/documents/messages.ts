// The documents engine's messages. Its templates carry a definition's label ({label}), which the
// language plugin takes from the definition's `translations`; they are the most general patterns,
// so the registry (server/messages.ts) lists this file last.
import type { Messages } from "../http/language.js";
import { SINGLETON_TAKEN } from "./checks.js";
import { sameAsCurrent, sameAsLive } from "./history.js";
import { CHOOSE_CENTER } from "./routes.js";

export default {
  sentences: [
    { en: CHOOSE_CENTER, id: "Pilih center terlebih dahulu" },
    { en: SINGLETON_TAKEN, id: "Center ini sudah memilikinya" },
    { en: "does not exist", id: "tidak ditemukan" },
  ],
  patterns: [
    { en: sameAsLive("{n}"), id: "Versi {n} sama dengan versi yang tayang: tidak ada yang dipulihkan" },
    { en: sameAsCurrent("{n}"), id: "Versi {n} sama dengan isi saat ini: tidak ada yang dipulihkan" },
    { en: "Version {n} restored and submitted for approval", id: "Versi {n} dipulihkan dan diajukan untuk persetujuan" },
    { en: "Version {n} restored", id: "Versi {n} dipulihkan" },
    { en: "Deletion of {label} submitted for approval", id: "Penghapusan {label} diajukan untuk persetujuan" },
    { en: "{labels} cannot be deleted", id: "{labels} tidak dapat dihapus" },
    { en: "{label} submitted for approval", id: "{label} diajukan untuk persetujuan" },
    { en: "{label} created", id: "{label} dibuat" },
    { en: "{label} saved", id: "{label} disimpan" },
    { en: "{label} deleted", id: "{label} dihapus" },
  ],
} satisfies Messages;
