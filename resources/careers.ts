import { defineResource } from "./types";

export default defineResource({
  name: "careers",
  label: "Careers",
  permissionKey: "career_management",
  openModes: ["read"],
  routes: { list: "/app/careers/lists", create: "/app/careers/new", edit: "/app/careers/edit/:id" },
});
