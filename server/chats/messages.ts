// The customer chats' messages: the inbox, and the website's widget (worded as widget/i18n.ts words its own).
import type { Messages } from "../http/language.js";
import { CANNED_TAKEN } from "./routes.js";
import { CONVERSATION_NOT_FOUND, EMPTY_MESSAGE, NOT_A_COLLEAGUE, NOT_YOURS_TO_REASSIGN, SNOOZE_IN_FUTURE } from "./service.js";
import { CENTER_NOT_FOUND } from "./visitor.js";

export default {
  sentences: [
    // The inbox.
    { en: CONVERSATION_NOT_FOUND, id: "Percakapan tidak ditemukan" },
    { en: NOT_YOURS_TO_REASSIGN, id: "Hanya petugas percakapan ini atau manajer center yang dapat menugaskannya ke orang lain" },
    { en: NOT_A_COLLEAGUE, id: "Pilih seseorang yang bekerja di center ini" },
    { en: EMPTY_MESSAGE, id: "Tulis pesan atau lampirkan gambar" },
    { en: SNOOZE_IN_FUTURE, id: "Pilih waktu di masa mendatang" },
    { en: "Choose until when", id: "Pilih sampai kapan" },
    { en: "Choose a center", id: "Pilih center" },
    { en: CANNED_TAKEN, id: "Kode singkat ini sudah dipakai di center ini" },
    { en: "Canned reply not found", id: "Balasan cepat tidak ditemukan" },
    { en: "Canned reply saved", id: "Balasan cepat disimpan" },
    { en: "Canned reply deleted", id: "Balasan cepat dihapus" },
    { en: "must be an image uploaded here", id: "harus berupa gambar yang diunggah di sini" },
    { en: "use letters, digits, - and _ only", id: "hanya boleh berisi huruf, angka, - dan _" },
    // The website's widget.
    { en: CENTER_NOT_FOUND, id: "Chat ini tidak tersedia" },
    { en: "Too many messages, try again in a minute", id: "Terlalu banyak pesan, coba lagi dalam satu menit" },
    { en: "Tell us your name", id: "Mohon isi nama Anda" },
    { en: "Write your question", id: "Mohon tulis pertanyaan Anda" },
    { en: "Write a message", id: "Mohon tulis pesan" },
    { en: "This email address does not look right", id: "Alamat email ini sepertinya tidak benar" },
    { en: "This phone number does not look right", id: "Nomor telepon ini sepertinya tidak benar" },
  ],
} satisfies Messages;
