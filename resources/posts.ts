import { defineResource } from "./types";

export default defineResource({
  name: "posts",
  label: "Posts",
  permissionKey: "content_management",
  routes: { create: "/app/posts/new", edit: "/app/posts/edit/:id" },
});
