import type { PermissionKey } from "../../resources/types";

export type PageId = "welcome" | "customerChats" | "changePassword" | "twoFactor" | "activity" | "calendar" | "reports";

export interface ConsoleRoute {
  /** Relative to /app (spec §2 "Child routes under /app"). */
  path: string;
  /** null: open to any signed-in user. */
  permissionKey: PermissionKey | null;
  /** Also open to whoever may read this key (either one will do). */
  orKey?: PermissionKey;
  page: PageId;
  title: string;
}

/**
 * Screens not generated from a resource definition. Lists, forms, history, approval queues, the
 * approval page and state views all come from the definitions (resourceRoutes.tsx).
 */
export const CONSOLE_ROUTES: ConsoleRoute[] = [
  { path: "welcome", permissionKey: null, page: "welcome", title: "menu.welcome" },
  { path: "customer-chats", permissionKey: null, page: "customerChats", title: "chats.title" },
  // Whoever may read a scheduled type: the server answers with the types the caller may read.
  { path: "calendar", permissionKey: null, page: "calendar", title: "calendar.title" },
  // A center's figures: its reviewers (decisions) and its managers (conversations) read them.
  { path: "reports", permissionKey: "approval_management", orKey: "center_management", page: "reports", title: "reports.title" },
  { path: "change-password", permissionKey: null, page: "changePassword", title: "password.title" },
  { path: "two-factor", permissionKey: null, page: "twoFactor", title: "twoFactor.title" },
  // Superadmins only: the server refuses anyone else, and the menu shows it to them alone.
  { path: "administration/activity", permissionKey: "user_management", page: "activity", title: "activity.title" },
];
