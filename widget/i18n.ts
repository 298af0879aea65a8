// Every string the chat widget shows, in English and Indonesian. The loader imports only
// `loaderText` (esbuild drops the rest from widget.js); the frame imports `frameText`.

export type Lang = "en" | "id";

/**
 * The widget's language: the script tag's `data-lang` when it names one we have, else the
 * browser's (`id`, or the old code `in`, → Indonesian), else English.
 */
export function pickLanguage(requested: string | null | undefined, browser: string | null | undefined): Lang {
  for (const tag of [requested, browser]) {
    const primary = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0];
    if (primary === "id" || primary === "in") return "id";
    if (primary === "en") return "en";
  }
  return "en";
}

/** `fill("{name} is typing…", { name: "Rina" })`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export const loaderText = {
  en: { bubble: "Chat with us", frameTitle: "Chat" },
  id: { bubble: "Chat dengan kami", frameTitle: "Chat" },
} satisfies Record<Lang, Record<string, string>>;

const en = {
  title: "Chat",
  subtitle: "We're here to help",
  close: "Close chat",
  loading: "Loading…",
  unavailable: "This chat is not available",
  unavailableHint: "Please contact the school another way.",
  offline: "Can't connect. Check your internet connection and try again.",
  failed: "Something went wrong. Please try again.",
  tryAgain: "Try again",
  intro: "Hi! Send us a message and we'll reply right here.",
  name: "Name",
  contact: "Email or phone (optional)",
  message: "Message",
  send: "Send",
  sending: "Sending…",
  nameRequired: "Please enter your name",
  nameTooLong: "Please use at most {max} characters",
  messageRequired: "Please write a message",
  messageTooLong: "Please use at most {max} characters",
  contactInvalid: "Enter an email address or a phone number",
  tooMany: "Too many messages, try again in a minute",
  thread: "Conversation",
  composer: "Write a message…",
  charactersLeft: "{count} characters left",
  you: "You",
  staff: "Staff",
  notSent: "Not sent",
  retry: "Retry",
  typing: "{name} is typing…",
  closed: "This conversation was closed. Write again to reopen it.",
  hours: "We usually reply during opening hours: {hours}",
  earlier: "Load earlier messages",
  reconnecting: "Reconnecting…",
  image: "Image",
} as const;

export type FrameText = { readonly [K in keyof typeof en]: string };

const id: FrameText = {
  title: "Chat",
  subtitle: "Kami siap membantu",
  close: "Tutup chat",
  loading: "Memuat…",
  unavailable: "Chat ini tidak tersedia",
  unavailableHint: "Silakan hubungi sekolah dengan cara lain.",
  offline: "Tidak dapat terhubung. Periksa koneksi internet Anda dan coba lagi.",
  failed: "Terjadi kesalahan. Silakan coba lagi.",
  tryAgain: "Coba lagi",
  intro: "Halo! Kirim pesan kepada kami dan kami akan membalas di sini.",
  name: "Nama",
  contact: "Email atau nomor telepon (opsional)",
  message: "Pesan",
  send: "Kirim",
  sending: "Mengirim…",
  nameRequired: "Mohon isi nama Anda",
  nameTooLong: "Maksimal {max} karakter",
  messageRequired: "Mohon tulis pesan",
  messageTooLong: "Maksimal {max} karakter",
  contactInvalid: "Masukkan alamat email atau nomor telepon",
  tooMany: "Terlalu banyak pesan, coba lagi dalam satu menit",
  thread: "Percakapan",
  composer: "Tulis pesan…",
  charactersLeft: "Sisa {count} karakter",
  you: "Anda",
  staff: "Staf",
  notSent: "Tidak terkirim",
  retry: "Coba lagi",
  typing: "{name} sedang mengetik…",
  closed: "Percakapan ini telah ditutup. Tulis lagi untuk membukanya kembali.",
  hours: "Kami biasanya membalas pada jam operasional: {hours}",
  earlier: "Muat pesan sebelumnya",
  reconnecting: "Menyambungkan kembali…",
  image: "Gambar",
};

export const frameText: Record<Lang, FrameText> = { en, id };
