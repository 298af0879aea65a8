import { defineResource } from "./types";

export default defineResource({
  name: "center-informations",
  label: "Center Informations",
  permissionKey: "center_management",
  routes: { list: "/app/center-management/center-informations" },
});
