// The messages of two-factor sign-in (the second step, the user's own page, a superadmin's reset).
import type { Messages } from "../http/language.js";
import { SECOND_FACTOR_REQUIRED } from "../plugins/auth.js";
import { ALREADY_ON, REQUIRED_BY_ROLE, SET_UP_FIRST } from "./accountRoutes.js";
import { NOT_CONFIGURED } from "./context.js";
import { NOT_YOURS_TO_RESET, NOTHING_TO_RESET, SUPERADMINS_RESET } from "./resetRoute.js";
import { ALREADY_SET_UP, PASSKEY_REFUSED, SIGN_IN_AGAIN, USED_CODE, WRONG_CODE, WRONG_RECOVERY_CODE } from "./signInRoutes.js";

export default {
  sentences: [
    { en: SECOND_FACTOR_REQUIRED, id: "Masuk dengan verifikasi dua langkah Anda untuk melanjutkan" },
    { en: SIGN_IN_AGAIN, id: "Proses masuk ini sudah kedaluwarsa: silakan masuk lagi" },
    { en: WRONG_CODE, id: "Kode ini salah" },
    { en: USED_CODE, id: "Kode ini sudah dipakai: tunggu kode berikutnya" },
    { en: WRONG_RECOVERY_CODE, id: "Kode pemulihan ini salah, atau sudah dipakai" },
    { en: PASSKEY_REFUSED, id: "Passkey tidak dapat diverifikasi" },
    { en: ALREADY_SET_UP, id: "Verifikasi dua langkah sudah diatur: silakan masuk lagi" },
    { en: "No passkey is set up for this account", id: "Belum ada passkey untuk akun ini" },
    { en: "Two-factor sign-in is on", id: "Verifikasi dua langkah aktif" },
    { en: "Two-factor sign-in is off", id: "Verifikasi dua langkah nonaktif" },
    { en: ALREADY_ON, id: "Aplikasi autentikator sudah diatur" },
    { en: SET_UP_FIRST, id: "Atur aplikasi autentikator terlebih dahulu" },
    { en: REQUIRED_BY_ROLE, id: "Peran Anda mewajibkan verifikasi dua langkah: tidak dapat dinonaktifkan" },
    { en: "New recovery codes made", id: "Kode pemulihan baru dibuat" },
    { en: "Passkey added", id: "Passkey ditambahkan" },
    { en: "Passkey removed", id: "Passkey dihapus" },
    { en: "Passkey not found", id: "Passkey tidak ditemukan" },
    { en: "The passkey could not be added", id: "Passkey tidak dapat ditambahkan" },
    { en: "could not be verified", id: "tidak dapat diverifikasi" },
    { en: SUPERADMINS_RESET, id: "Hanya superadmin yang dapat mengatur ulang verifikasi dua langkah pengguna" },
    { en: NOT_YOURS_TO_RESET, id: "Superadmin lain harus mengatur ulang verifikasi dua langkah Anda sendiri" },
    { en: NOTHING_TO_RESET, id: "Pengguna ini belum mengatur verifikasi dua langkah" },
    { en: "Two-factor sign-in reset", id: "Verifikasi dua langkah diatur ulang" },
    { en: NOT_CONFIGURED, id: "Verifikasi dua langkah belum disiapkan di server ini" },
  ],
  patterns: [
    { en: "Signed in with a recovery code: {n} left", id: "Masuk dengan kode pemulihan: sisa {n}" },
    { en: "Too many changes, retry in {after}", id: "Terlalu banyak perubahan, coba lagi dalam {after}" },
  ],
} satisfies Messages;
