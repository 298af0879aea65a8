// The messages of the shared route helpers (crud.ts).
import type { Messages } from "./language.js";
import { CANNOT_GRANT, STALE_MESSAGE } from "./crud.js";

export default {
  sentences: [
    { en: STALE_MESSAGE, id: "Orang lain telah menyimpan data ini sejak Anda membukanya" },
    { en: CANNOT_GRANT, id: "Anda tidak dapat memberikan peran dengan izin yang tidak Anda miliki" },
  ],
} satisfies Messages;
