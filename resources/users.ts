import { defineResource } from "./types";

export default defineResource({
  name: "users",
  label: "User",
  labelPlural: "Users",
  permissionKey: "user_management",
  scope: "global",
  engine: "custom",
  titleField: "fullname",
  approval: false,
  history: false,
  fields: [
    {
      name: "username",
      label: "Username",
      type: "text",
      required: true,
      minLength: 3,
      maxLength: 60,
      unique: true,
      listed: true,
      sortable: true,
      searchable: true,
      placeholder: "budi.santoso",
      pattern: { regex: "^[A-Za-z0-9._-]+$", message: "Use letters, digits, dots, dashes and underscores" },
    },
    { name: "fullname", label: "Full name", type: "text", required: true, maxLength: 120, listed: true, sortable: true, searchable: true },
    { name: "email", label: "Email", type: "email", maxLength: 200, listed: true, searchable: true },
    {
      name: "user_type",
      label: "User type",
      type: "select",
      required: true,
      default: "center_staff",
      listed: true,
      filterable: true,
      options: [
        { value: "superadmin", label: "Superadmin" },
        { value: "center_admin", label: "Center admin" },
        { value: "center_staff", label: "Center staff" },
      ],
    },
    { name: "active", label: "Active", type: "boolean", default: true, listed: true, filterable: true },
    { name: "password", label: "Password", type: "text", secret: true, required: true, minLength: 8, maxLength: 200, createOnly: true },
    { name: "assignments", label: "Centers and roles", type: "assignments", listed: true },
  ],
  list: { defaultSort: "username" },
  // server/users/routes.ts refuses it with a 403; the console does not offer it.
  noSelfDelete: true,
  recordActions: [
    {
      name: "reset-password",
      label: "Reset password",
      path: "password",
      mode: "update",
      fields: [{ name: "new_password", label: "New password", type: "text", secret: true, required: true, minLength: 8, maxLength: 200 }],
    },
    {
      name: "end-sessions",
      label: "Sign out everywhere",
      path: "sessions/end",
      mode: "update",
      icon: "logout",
      description: "Every device this user is signed in on is signed out at once; they can sign in again with their password.",
      fields: [],
    },
    {
      name: "reset-two-factor",
      label: "Reset two-factor sign-in",
      path: "two-factor/reset",
      mode: "update",
      icon: "safety",
      superadminOnly: true,
      description:
        "For a lost phone: the user's authenticator app, recovery codes and passkeys are removed and they are signed out everywhere. Their password stays; they set up two-factor sign-in again at their next sign-in where their role requires it.",
      fields: [],
    },
  ],
  routes: { list: "/app/administration/users" },
  translations: {
    id: {
      label: "Pengguna",
      labelPlural: "Pengguna",
      fields: {
        username: { label: "Username", pattern: "Gunakan huruf, angka, titik, tanda hubung, dan garis bawah" },
        fullname: { label: "Nama lengkap" },
        email: { label: "Email" },
        user_type: { label: "Jenis pengguna", options: { superadmin: "Superadmin", center_admin: "Admin center", center_staff: "Staf center" } },
        active: { label: "Aktif" },
        password: { label: "Password" },
        assignments: { label: "Center dan peran" },
      },
      actions: {
        "reset-password": { label: "Atur ulang password", fields: { new_password: { label: "Password baru" } } },
        "end-sessions": {
          label: "Keluarkan dari semua perangkat",
          description: "Pengguna ini langsung dikeluarkan dari setiap perangkat tempat ia masuk; ia dapat masuk lagi dengan password-nya.",
        },
        "reset-two-factor": {
          label: "Atur ulang verifikasi dua langkah",
          description:
            "Untuk ponsel yang hilang: aplikasi autentikator, kode pemulihan, dan passkey pengguna dihapus dan ia dikeluarkan dari semua perangkat. Password-nya tetap; ia mengatur lagi verifikasi dua langkah saat masuk berikutnya bila perannya mewajibkannya.",
        },
      },
    },
  },
});
