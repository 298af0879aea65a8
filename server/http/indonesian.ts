// The server's messages in Indonesian (language.ts applies them). Sentences are keyed by the
// constant that holds the English text where one is exported, so changing that text keeps its
// translation linked; fragments and templates are patterns. Terms follow the console's catalog
// (providers/i18n/id.ts): "center" for a school branch, "password", "postingan" for a post,
// "persetujuan" for approval, "peran" for a role, "pengguna" for a user, "data" for a record.
// A field message is a fragment the console puts after the field's label ("Judul maksimal 160
// karakter"): it starts in lower case, and "{field} …" keeps the field's name first.
// A definition's own texts (labels, pattern and rule messages) come from its `translations.id`.
import { SUPERADMINS_ONLY as ACTIVITY_SUPERADMINS_ONLY } from "../activity/routes.js";
import { CHANGED_SINCE, NOT_OPEN, OWN_CHANGE, REASON_REQUIRED } from "../approvals/workflow.js";
import { CANNED_TAKEN } from "../chats/routes.js";
import { CONVERSATION_NOT_FOUND, EMPTY_MESSAGE, NOT_A_COLLEAGUE, NOT_YOURS_TO_REASSIGN, SNOOZE_IN_FUTURE } from "../chats/service.js";
import { CENTER_NOT_FOUND } from "../chats/visitor.js";
import { SINGLETON_TAKEN } from "../documents/checks.js";
import { CHOOSE_CENTER, NOT_FOUND } from "../documents/routes.js";
import { NOTIFICATION_NOT_FOUND } from "../notifications/routes.js";
import { NO_PERMISSION, NOT_ASSIGNED } from "../plugins/auth.js";
import { DATABASE_UNAVAILABLE } from "../plugins/errors.js";
import { NOT_FINITE, UNSTORABLE_TEXT } from "../plugins/input.js";
import { INVALID_LOGIN } from "../routes/auth.js";
import { UNKNOWN_CENTER } from "../routes/public.js";
import { SUPERADMINS_ONLY as ROLES_SUPERADMINS_ONLY } from "../users/roleRoutes.js";
import { MESSAGES as USER_MESSAGES } from "../users/rules.js";
import { CANNOT_GRANT, STALE_MESSAGE } from "./crud.js";

/**
 * Kept exactly as they are in every language: the strings the product spec quotes
 * (../shared/spec/admin-dashboard-spec.md §2, §5, §8). The server sends only the first today (the
 * permission denial, a 403); the others are the console's own, listed so that no server message
 * ever changes them. A login error is not among them: the spec shows "Error : " followed by the
 * server's message, whatever it says, so the server's login messages are translated.
 */
export const KEEP: ReadonlySet<string> = new Set([
  NO_PERMISSION, // "You don't have permission to access this page"
  "Returned data count is not singular",
  "Error : Komunikasi dengan server bermasalah",
  "Komunikasi dengan server bermasalah",
  "Login Sukses, Mohon tunggu",
  "Memuat...",
  "Please Wait...",
  "Checking Permission",
  "Pick a center to manage:",
  "Success",
]);

/** Left in English: the console words these itself, in both languages, from the field's and record's labels. */
export const CONSOLE_WORDED: ReadonlySet<string> = new Set(["is already in use"]);

/** JSON types, as "must be a {type}" names them. */
export const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "teks",
  integer: "bilangan bulat",
  number: "angka",
  boolean: "true atau false",
  array: "daftar",
  object: "objek",
  null: "null",
};

/** The units of a duration as @fastify/rate-limit words it ("15 minutes"), singular. */
export const DURATION_UNITS: Readonly<Record<string, string>> = {
  ms: "milidetik",
  second: "detik",
  minute: "menit",
  hour: "jam",
  day: "hari",
};

export const INDONESIAN_SENTENCES: ReadonlyMap<string, string> = new Map([
  // Errors any route may answer (plugins/errors.ts, input.ts, auth.ts).
  ["Validation failed", "Validasi gagal"],
  ["Unauthorized", "Anda perlu login terlebih dahulu"],
  ["Malformed JSON body", "Isi permintaan bukan JSON yang valid"],
  ["Request body is too large", "Isi permintaan terlalu besar"],
  ["Already exists", "Data ini sudah ada"],
  ["Please retry: the database was busy", "Silakan coba lagi: database sedang sibuk"],
  ["Internal server error", "Terjadi kesalahan pada server"],
  [DATABASE_UNAVAILABLE, "Database tidak tersedia; silakan coba lagi sebentar lagi"],
  ["Database unavailable", "Database tidak tersedia"],
  ["Shutting down", "Server sedang dimatikan"],
  [NOT_FOUND, "Tidak ditemukan"],
  [NOT_ASSIGNED, "Anda tidak ditugaskan di center ini"],
  [CHOOSE_CENTER, "Pilih center terlebih dahulu"],
  ["Center not found", "Center tidak ditemukan"],
  [UNKNOWN_CENTER, "Center tidak dikenal"],
  [STALE_MESSAGE, "Orang lain telah menyimpan data ini sejak Anda membukanya"],
  [SINGLETON_TAKEN, "Center ini sudah memilikinya"],
  // Fastify's own client errors (their messages pass through the error handler).
  ["Body cannot be empty when content-type is set to 'application/json'", "Isi permintaan tidak boleh kosong bila content-type adalah 'application/json'"],
  ["Unsupported Media Type", "Jenis media tidak didukung"],
  ["Request body size did not match Content-Length", "Ukuran isi permintaan tidak sesuai dengan Content-Length"],

  // Field messages (fragments).
  [NOT_FINITE, "harus berupa angka terhingga"],
  [UNSTORABLE_TEXT, "tidak boleh berisi karakter NUL atau karakter rusak (surrogate tanpa pasangan)"],
  ["is required", "wajib diisi"],
  ["must not be empty", "tidak boleh kosong"],
  ["does not exist", "tidak ditemukan"],
  ["is not in the expected format", "tidak sesuai format"],
  ["is not a known field", "bukan kolom yang dikenal"],
  ["is invalid", "tidak valid"],
  ["must be a valid email address", "harus berupa alamat email yang valid"],
  ["must be a date and time", "harus berupa tanggal dan waktu"],
  ["must be a date (YYYY-MM-DD)", "harus berupa tanggal (YYYY-MM-DD)"],
  ["must be a link starting with http:// or https://", "harus berupa tautan yang diawali http:// atau https://"],
  ["must be an uploaded image", "harus berupa gambar yang diunggah"],
  ["must be an image uploaded here", "harus berupa gambar yang diunggah di sini"],
  ["could not be read", "tidak dapat dibaca"],
  ["must be a PNG, JPEG, WebP or GIF image", "harus berupa gambar PNG, JPEG, WebP, atau GIF"],
  ["must be at most 5 MiB", "maksimal 5 MiB"],
  ["use letters, digits, - and _ only", "hanya boleh berisi huruf, angka, - dan _"],
  // ajv's own words for the keywords describe() leaves to it.
  ["must be equal to constant", "tidak sesuai dengan nilai yang diizinkan"],
  ["must match a schema in anyOf", "tidak sesuai dengan nilai yang diizinkan"],
  ["must match exactly one schema in oneOf", "tidak sesuai dengan nilai yang diizinkan"],
  ["must NOT have additional properties", "berisi kolom yang tidak dikenal"],

  // Sign-in, password, session.
  [INVALID_LOGIN, "Username atau password salah"],
  ["This account is disabled", "Akun ini dinonaktifkan"],
  ["Login success", "Login berhasil"],
  ["Current password is incorrect", "Password saat ini salah"],
  ["The new password must be different from the current one", "Password baru harus berbeda dari password saat ini"],
  ["Password changed", "Password diubah"],
  ["Allowed", "Diizinkan"],
  ["You can only list your own centers", "Anda hanya dapat melihat daftar center Anda sendiri"],
  ["Assignment not found", "Penugasan tidak ditemukan"],
  ["You can only read your own assignments", "Anda hanya dapat membaca penugasan Anda sendiri"],
  ["You can only register push tokens for yourself", "Anda hanya dapat mendaftarkan token push untuk diri Anda sendiri"],
  ["Push token registered", "Token push didaftarkan"],

  // Users and roles.
  [USER_MESSAGES.selfDelete, "Anda tidak dapat menghapus akun Anda sendiri"],
  [USER_MESSAGES.selfDisable, "Anda tidak dapat menonaktifkan akun Anda sendiri"],
  [USER_MESSAGES.selfReset, "Gunakan 'Ubah Password' untuk akun Anda sendiri"],
  [USER_MESSAGES.lastSuperadmin, "Harus ada setidaknya satu superadmin yang aktif"],
  [USER_MESSAGES.superadminOnly, "Hanya superadmin yang dapat membuat superadmin, atau memberikan dan mencabut status superadmin"],
  [USER_MESSAGES.otherCenter, "Anda hanya dapat memberikan peran di center tempat Anda sedang bekerja"],
  [USER_MESSAGES.outranks, "Anda tidak dapat mengelola pengguna yang memiliki izin yang tidak Anda miliki"],
  [USER_MESSAGES.otherCenters, "Pengguna ini juga bekerja di center lain: minta bantuan superadmin"],
  [USER_MESSAGES.notFound, "Pengguna tidak ditemukan"],
  ["A superadmin needs no centers", "Superadmin tidak memerlukan center"],
  ["User created", "Pengguna dibuat"],
  ["User saved", "Pengguna disimpan"],
  ["User deleted", "Pengguna dihapus"],
  ["User deactivated", "Pengguna dinonaktifkan"],
  ["Password reset", "Password diatur ulang"],
  [CANNOT_GRANT, "Anda tidak dapat memberikan peran dengan izin yang tidak Anda miliki"],
  [ROLES_SUPERADMINS_ONLY, "Hanya superadmin yang dapat mengubah peran: sebuah peran berlaku di setiap center tempat peran itu dipegang"],
  ["Role not found", "Peran tidak ditemukan"],
  ["Role created", "Peran dibuat"],
  ["Role saved", "Peran disimpan"],
  ["Role deleted", "Peran dihapus"],
  [ACTIVITY_SUPERADMINS_ONLY, "Hanya superadmin yang dapat melihat log aktivitas"],

  // Approvals.
  ["Approved", "Disetujui"],
  ["Rejected", "Ditolak"],
  [OWN_CHANGE, "Anda tidak dapat memutuskan perubahan Anda sendiri"],
  [NOT_OPEN, "Permintaan ini sudah diputuskan"],
  [CHANGED_SINCE, "Permintaan ini telah berubah sejak Anda membukanya"],
  [REASON_REQUIRED, "Berikan alasan agar penulis tahu apa yang harus diubah"],

  // Uploads.
  ["Send the image as multipart/form-data", "Kirim gambar sebagai multipart/form-data"],
  ["The image is too large", "Gambar terlalu besar"],
  ["The upload is not a valid multipart/form-data body", "Unggahan ini bukan body multipart/form-data yang valid"],
  ["Image uploaded", "Gambar diunggah"],

  // Customer chats: the inbox.
  [CONVERSATION_NOT_FOUND, "Percakapan tidak ditemukan"],
  [NOT_YOURS_TO_REASSIGN, "Hanya petugas percakapan ini atau manajer center yang dapat menugaskannya ke orang lain"],
  [NOT_A_COLLEAGUE, "Pilih seseorang yang bekerja di center ini"],
  [EMPTY_MESSAGE, "Tulis pesan atau lampirkan gambar"],
  [SNOOZE_IN_FUTURE, "Pilih waktu di masa mendatang"],
  ["Choose until when", "Pilih sampai kapan"],
  ["Choose a center", "Pilih center"],
  [CANNED_TAKEN, "Kode singkat ini sudah dipakai di center ini"],
  ["Canned reply not found", "Balasan cepat tidak ditemukan"],
  ["Canned reply saved", "Balasan cepat disimpan"],
  ["Canned reply deleted", "Balasan cepat dihapus"],
  [NOTIFICATION_NOT_FOUND, "Notifikasi tidak ditemukan"],
  // Customer chats: the website's widget (worded as widget/i18n.ts words its own).
  [CENTER_NOT_FOUND, "Chat ini tidak tersedia"],
  ["Too many messages, try again in a minute", "Terlalu banyak pesan, coba lagi dalam satu menit"],
  ["Tell us your name", "Mohon isi nama Anda"],
  ["Write your question", "Mohon tulis pertanyaan Anda"],
  ["Write a message", "Mohon tulis pesan"],
  ["This email address does not look right", "Alamat email ini sepertinya tidak benar"],
  ["This phone number does not look right", "Nomor telepon ini sepertinya tidak benar"],
]);

/**
 * Fragments and templates, tried in order (the first that matches wins, so the specific come
 * before the general). Slots: {field} a field's name, kept; {n} {m} numbers, kept; {label} {labels}
 * a definition's label, in its translation; {type} a JSON type; {after} a duration; {text} kept.
 */
export const INDONESIAN_PATTERNS: readonly (readonly [english: string, indonesian: string])[] = [
  // Field messages.
  ["{field} is required", "{field} wajib diisi"],
  ["must be at most {n} characters", "maksimal {n} karakter"],
  ["must be at least {n} characters", "minimal {n} karakter"],
  ["must be at most {n}", "maksimal {n}"],
  ["must be at least {n}", "minimal {n}"],
  ["must be a valid {text}", "harus berupa {text} yang valid"],
  ["must be a {type}", "harus berupa {type}"],
  ["must be an {type}", "harus berupa {type}"],
  ["must be one of: {text}", "harus salah satu dari: {text}"],
  ["can sort by {text}", "hanya dapat diurutkan menurut {text}"],
  ["must include a role at {text}", "harus mencakup peran di {text}"],
  ["lists {text} more than once", "mencantumkan {text} lebih dari sekali"],
  ["names an unknown center: {text}", "menyebut center yang tidak dikenal: {text}"],
  ["names an unknown role: {text}", "menyebut peran yang tidak dikenal: {text}"],
  // ajv's own words for the keywords describe() leaves to it.
  ["must NOT have more than {n} items", "maksimal {n} item"],
  ["must NOT have fewer than {n} items", "minimal {n} item"],
  ["must NOT have duplicate items (items ## {n} and {m} are identical)", "tidak boleh berisi item yang sama (item {n} dan {m})"],
  ["must be multiple of {n}", "harus kelipatan {n}"],

  // Limits.
  ["Too many login attempts from this address, retry in {n} seconds", "Terlalu banyak percobaan login dari alamat ini, coba lagi dalam {n} detik"],
  ["Too many login attempts, retry in {after}", "Terlalu banyak percobaan login, coba lagi dalam {after}"],
  ["Too many failed sign-ins for this account, retry in {n} seconds", "Terlalu banyak login gagal untuk akun ini, coba lagi dalam {n} detik"],
  ["Too many password changes, retry in {after}", "Terlalu banyak perubahan password, coba lagi dalam {after}"],
  ["Rate limit exceeded, retry in {after}", "Terlalu banyak permintaan, coba lagi dalam {after}"],
  ["'{text}' is not a valid url component", "'{text}' bukan komponen URL yang valid"],

  // Success messages (the console shows them as a toast).
  ["This role is assigned to {n} user", "Peran ini dipegang oleh {n} pengguna"],
  ["This role is assigned to {n} users", "Peran ini dipegang oleh {n} pengguna"],
  ["{n} session ended", "{n} sesi diakhiri"],
  ["{n} sessions ended", "{n} sesi diakhiri"],
  ["{n} approved, {m} failed", "{n} disetujui, {m} gagal"],
  ["{n} rejected, {m} failed", "{n} ditolak, {m} gagal"],
  ["{n} approved", "{n} disetujui"],
  ["{n} rejected", "{n} ditolak"],
  ["Version {n} restored and submitted for approval", "Versi {n} dipulihkan dan diajukan untuk persetujuan"],
  ["Version {n} restored", "Versi {n} dipulihkan"],
  ["Deletion of {label} submitted for approval", "Penghapusan {label} diajukan untuk persetujuan"],
  ["{labels} cannot be deleted", "{labels} tidak dapat dihapus"],
  ["{label} submitted for approval", "{label} diajukan untuk persetujuan"],
  ["{label} created", "{label} dibuat"],
  ["{label} saved", "{label} disimpan"],
  ["{label} deleted", "{label} dihapus"],
];
