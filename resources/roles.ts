import { defineResource } from "./types";

export default defineResource({
  name: "roles",
  label: "Roles",
  permissionKey: "user_management",
  routes: { list: "/app/administration/roles" },
});
