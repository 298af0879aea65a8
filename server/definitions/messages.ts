// The messages of the schemas compiled from the definitions (resources/compile.ts). A definition's
// own texts (labels, pattern and rule messages) come from its `translations.id`.
import type { Messages } from "../http/language.js";

export default {
  sentences: [
    { en: "must be a link starting with http:// or https://", id: "harus berupa tautan yang diawali http:// atau https://" },
    { en: "must be an uploaded image", id: "harus berupa gambar yang diunggah" },
  ],
  patterns: [{ en: "can sort by {text}", id: "hanya dapat diurutkan menurut {text}" }],
} satisfies Messages;
