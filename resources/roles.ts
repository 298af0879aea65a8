import { defineResource } from "./types";

export default defineResource({
  name: "roles",
  label: "Role",
  labelPlural: "Roles",
  permissionKey: "user_management",
  // A role is held at many centers; a center admin assigns roles, only superadmins shape them.
  superadminModes: ["create", "update", "delete"],
  scope: "global",
  engine: "custom",
  titleField: "name",
  approval: false,
  history: false,
  fields: [
    { name: "name", label: "Name", type: "text", required: true, maxLength: 80, unique: true, listed: true, sortable: true, searchable: true },
    { name: "permissions", label: "Permissions", type: "permissions", listed: true },
  ],
  list: { defaultSort: "name" },
  usage: { field: "holder_count", label: "Users", blocksDelete: "Users hold this role: give them another role before deleting it" },
  routes: { list: "/app/administration/roles" },
  translations: {
    id: {
      label: "Peran",
      labelPlural: "Peran",
      fields: {
        name: { label: "Nama" },
        permissions: { label: "Izin" },
      },
      usage: { label: "Pengguna", blocksDelete: "Peran ini dipegang pengguna: berikan peran lain kepada mereka sebelum menghapusnya" },
    },
  },
});
