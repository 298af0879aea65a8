// The messages of the routes in this folder: sign-in, password and session (auth.ts), centers,
// permissions, push tokens, uploads, the public API and health.
import type { Messages } from "../http/language.js";
import { INVALID_LOGIN } from "./auth.js";
import { UNKNOWN_CENTER } from "./public.js";
import { TOO_MANY_LISTS } from "./listColumns.js";

export default {
  sentences: [
    { en: "Shutting down", id: "Server sedang dimatikan" },
    { en: UNKNOWN_CENTER, id: "Center tidak dikenal" },
    // Sign-in, password, session.
    { en: INVALID_LOGIN, id: "Username atau password salah" },
    { en: "This account is disabled", id: "Akun ini dinonaktifkan" },
    { en: "Login success", id: "Login berhasil" },
    { en: "Current password is incorrect", id: "Password saat ini salah" },
    { en: "The new password must be different from the current one", id: "Password baru harus berbeda dari password saat ini" },
    { en: "Password changed", id: "Password diubah" },
    { en: "Allowed", id: "Diizinkan" },
    { en: TOO_MANY_LISTS, id: "melebihi jumlah daftar yang diingat untuk satu akun" },
    { en: "You can only list your own centers", id: "Anda hanya dapat melihat daftar center Anda sendiri" },
    { en: "Assignment not found", id: "Penugasan tidak ditemukan" },
    { en: "You can only read your own assignments", id: "Anda hanya dapat membaca penugasan Anda sendiri" },
    {
      en: "You can only register push tokens for yourself",
      id: "Anda hanya dapat mendaftarkan token push untuk diri Anda sendiri",
    },
    { en: "Push token registered", id: "Token push didaftarkan" },
    // Uploads.
    { en: "Send the image as multipart/form-data", id: "Kirim gambar sebagai multipart/form-data" },
    { en: "The image is too large", id: "Gambar terlalu besar" },
    { en: "The upload is not a valid multipart/form-data body", id: "Unggahan ini bukan body multipart/form-data yang valid" },
    { en: "Image uploaded", id: "Gambar diunggah" },
    { en: "could not be read", id: "tidak dapat dibaca" },
    { en: "must be a PNG, JPEG, WebP or GIF image", id: "harus berupa gambar PNG, JPEG, WebP, atau GIF" },
    { en: "must be at most 5 MiB", id: "maksimal 5 MiB" },
  ],
  patterns: [
    // Limits.
    {
      en: "Too many login attempts from this address, retry in {n} seconds",
      id: "Terlalu banyak percobaan login dari alamat ini, coba lagi dalam {n} detik",
    },
    { en: "Too many login attempts, retry in {after}", id: "Terlalu banyak percobaan login, coba lagi dalam {after}" },
    {
      en: "Too many failed sign-ins for this account, retry in {n} seconds",
      id: "Terlalu banyak login gagal untuk akun ini, coba lagi dalam {n} detik",
    },
    { en: "Too many password changes, retry in {after}", id: "Terlalu banyak perubahan password, coba lagi dalam {after}" },
  ],
} satisfies Messages;
