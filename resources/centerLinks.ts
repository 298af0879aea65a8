import { defineResource } from "./types";

export default defineResource({
  name: "center-links",
  label: "Center Links",
  permissionKey: "center_management",
  routes: { list: "/app/center-management/center-links" },
});
