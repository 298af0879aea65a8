import { defineResource } from "./types";

export default defineResource({
  name: "users",
  label: "Users",
  permissionKey: "user_management",
  routes: { list: "/app/administration/users" },
});
