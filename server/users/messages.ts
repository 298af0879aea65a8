// The messages of users and roles (routes.ts, rules.ts, roleRoutes.ts, the repositories).
import type { Messages } from "../http/language.js";
import { SUPERADMINS_ONLY } from "./roleRoutes.js";
import { MESSAGES } from "./rules.js";

export default {
  sentences: [
    // Users.
    { en: MESSAGES.selfDelete, id: "Anda tidak dapat menghapus akun Anda sendiri" },
    { en: MESSAGES.selfDisable, id: "Anda tidak dapat menonaktifkan akun Anda sendiri" },
    { en: MESSAGES.selfReset, id: "Gunakan 'Ubah Password' untuk akun Anda sendiri" },
    { en: MESSAGES.lastSuperadmin, id: "Harus ada setidaknya satu superadmin yang aktif" },
    {
      en: MESSAGES.superadminOnly,
      id: "Hanya superadmin yang dapat membuat superadmin, atau memberikan dan mencabut status superadmin",
    },
    { en: MESSAGES.otherCenter, id: "Anda hanya dapat memberikan peran di center tempat Anda sedang bekerja" },
    { en: MESSAGES.outranks, id: "Anda tidak dapat mengelola pengguna yang memiliki izin yang tidak Anda miliki" },
    { en: MESSAGES.otherCenters, id: "Pengguna ini juga bekerja di center lain: minta bantuan superadmin" },
    { en: MESSAGES.notFound, id: "Pengguna tidak ditemukan" },
    { en: "A superadmin needs no centers", id: "Superadmin tidak memerlukan center" },
    { en: "User created", id: "Pengguna dibuat" },
    { en: "User saved", id: "Pengguna disimpan" },
    { en: "User deleted", id: "Pengguna dihapus" },
    { en: "User deactivated", id: "Pengguna dinonaktifkan" },
    { en: "Password reset", id: "Password diatur ulang" },
    // Roles.
    {
      en: SUPERADMINS_ONLY,
      id: "Hanya superadmin yang dapat mengubah peran: sebuah peran berlaku di setiap center tempat peran itu dipegang",
    },
    { en: "Role not found", id: "Peran tidak ditemukan" },
    { en: "Role created", id: "Peran dibuat" },
    { en: "Role saved", id: "Peran disimpan" },
    { en: "Role deleted", id: "Peran dihapus" },
  ],
  patterns: [
    // Field messages.
    { en: "must include a role at {text}", id: "harus mencakup peran di {text}" },
    { en: "lists {text} more than once", id: "mencantumkan {text} lebih dari sekali" },
    { en: "names an unknown center: {text}", id: "menyebut center yang tidak dikenal: {text}" },
    { en: "names an unknown role: {text}", id: "menyebut peran yang tidak dikenal: {text}" },
    { en: "Choose a role for each center", id: "Pilih peran untuk setiap center" },
    // A role in use, refused deletion.
    {
      en: "This role is held by {n} user: give them another role before deleting it",
      id: "Peran ini dipegang oleh {n} pengguna: berikan peran lain kepada mereka sebelum menghapusnya",
    },
    {
      en: "This role is held by {n} users: give them another role before deleting it",
      id: "Peran ini dipegang oleh {n} pengguna: berikan peran lain kepada mereka sebelum menghapusnya",
    },
    // Success messages.
    { en: "{n} session ended", id: "{n} sesi diakhiri" },
    { en: "{n} sessions ended", id: "{n} sesi diakhiri" },
  ],
  // The console words a taken name itself, in both languages, from the field's and record's labels.
  keep: ["is already in use"],
} satisfies Messages;
