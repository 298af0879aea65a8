// The messages of the plugins every route passes through (errors.ts, input.ts, auth.ts), and the
// errors Fastify, ajv and @fastify/rate-limit word themselves, which pass through the error handler.
import type { Messages } from "../http/language.js";
import { NO_PERMISSION, NOT_ASSIGNED } from "./auth.js";
import { DATABASE_UNAVAILABLE } from "./errors.js";
import { NOT_FINITE, UNSTORABLE_TEXT } from "./input.js";

export default {
  sentences: [
    // Errors any route may answer.
    { en: "Validation failed", id: "Validasi gagal" },
    { en: "Unauthorized", id: "Anda perlu login terlebih dahulu" },
    { en: "Malformed JSON body", id: "Isi permintaan bukan JSON yang valid" },
    { en: "Request body is too large", id: "Isi permintaan terlalu besar" },
    { en: "Already exists", id: "Data ini sudah ada" },
    { en: "Please retry: the database was busy", id: "Silakan coba lagi: database sedang sibuk" },
    { en: "Internal server error", id: "Terjadi kesalahan pada server" },
    { en: DATABASE_UNAVAILABLE, id: "Database tidak tersedia; silakan coba lagi sebentar lagi" },
    { en: "Database unavailable", id: "Database tidak tersedia" },
    { en: "Not found", id: "Tidak ditemukan" },
    { en: NOT_ASSIGNED, id: "Anda tidak ditugaskan di center ini" },
    { en: "Center not found", id: "Center tidak ditemukan" },
    // Fastify's own client errors.
    {
      en: "Body cannot be empty when content-type is set to 'application/json'",
      id: "Isi permintaan tidak boleh kosong bila content-type adalah 'application/json'",
    },
    { en: "Unsupported Media Type", id: "Jenis media tidak didukung" },
    { en: "Request body size did not match Content-Length", id: "Ukuran isi permintaan tidak sesuai dengan Content-Length" },
    // Field messages (fragments): what fieldMessage() in errors.ts and input.ts write.
    { en: NOT_FINITE, id: "harus berupa angka terhingga" },
    { en: UNSTORABLE_TEXT, id: "tidak boleh berisi karakter NUL atau karakter rusak (surrogate tanpa pasangan)" },
    { en: "is required", id: "wajib diisi" },
    { en: "must not be empty", id: "tidak boleh kosong" },
    { en: "is not in the expected format", id: "tidak sesuai format" },
    { en: "is not a known field", id: "bukan kolom yang dikenal" },
    { en: "is invalid", id: "tidak valid" },
    { en: "must be a valid email address", id: "harus berupa alamat email yang valid" },
    { en: "must be a date and time", id: "harus berupa tanggal dan waktu" },
    { en: "must be a date (YYYY-MM-DD)", id: "harus berupa tanggal (YYYY-MM-DD)" },
    // ajv's own words for the keywords fieldMessage() leaves to it.
    { en: "must be equal to constant", id: "tidak sesuai dengan nilai yang diizinkan" },
    { en: "must match a schema in anyOf", id: "tidak sesuai dengan nilai yang diizinkan" },
    { en: "must match exactly one schema in oneOf", id: "tidak sesuai dengan nilai yang diizinkan" },
    { en: "must NOT have additional properties", id: "berisi kolom yang tidak dikenal" },
  ],
  patterns: [
    // Field messages.
    { en: "{field} is required", id: "{field} wajib diisi" },
    { en: "must be at most {n} characters", id: "maksimal {n} karakter" },
    { en: "must be at least {n} characters", id: "minimal {n} karakter" },
    { en: "must be at most {n}", id: "maksimal {n}" },
    { en: "must be at least {n}", id: "minimal {n}" },
    { en: "must be a valid {text}", id: "harus berupa {text} yang valid" },
    { en: "must be a {type}", id: "harus berupa {type}" },
    { en: "must be an {type}", id: "harus berupa {type}" },
    { en: "must be one of: {text}", id: "harus salah satu dari: {text}" },
    // ajv's own words for the keywords fieldMessage() leaves to it.
    { en: "must NOT have more than {n} items", id: "maksimal {n} item" },
    { en: "must NOT have fewer than {n} items", id: "minimal {n} item" },
    {
      en: "must NOT have duplicate items (items ## {n} and {m} are identical)",
      id: "tidak boleh berisi item yang sama (item {n} dan {m})",
    },
    { en: "must be multiple of {n}", id: "harus kelipatan {n}" },
    // @fastify/rate-limit's and Fastify's own.
    { en: "Rate limit exceeded, retry in {after}", id: "Terlalu banyak permintaan, coba lagi dalam {after}" },
    { en: "'{text}' is not a valid url component", id: "'{text}' bukan komponen URL yang valid" },
  ],
  // The permission denial is quoted by the product spec (§2, §5, §8): English in every language.
  keep: [NO_PERMISSION],
} satisfies Messages;
