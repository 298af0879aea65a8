import { defineResource } from "./types";

export default defineResource({
  name: "approvals",
  label: "Approvals",
  permissionKey: "approval_management",
  routes: { list: "/app/administration/content-approval", show: "/app/administration/approval-page/:id" },
});
