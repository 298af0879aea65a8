import type { PermissionKey } from "../../resources/types";

export type PageId = "welcome" | "customerChats" | "changePassword" | "comingSoon";

export interface ConsoleRoute {
  /** Relative to /app (spec §2 "Child routes under /app"). */
  path: string;
  /** null: open to any signed-in user. */
  permissionKey: PermissionKey | null;
  page: PageId;
  title: string;
  /** For screens still being built: which release brings them. */
  feature?: "featureApproval";
}

const content = (path: string, title: string): ConsoleRoute => ({
  path, permissionKey: "content_management", page: "comingSoon", title, feature: "featureApproval",
});
const approval = (path: string, title: string): ConsoleRoute => ({
  path, permissionKey: "approval_management", page: "comingSoon", title, feature: "featureApproval",
});

/** Screens not generated from a resource definition (those come from resourceRoutes.tsx). */
export const CONSOLE_ROUTES: ConsoleRoute[] = [
  { path: "welcome", permissionKey: null, page: "welcome", title: "menu.welcome" },
  { path: "customer-chats", permissionKey: null, page: "customerChats", title: "chats.title" },
  { path: "change-password", permissionKey: null, page: "changePassword", title: "password.title" },

  // History screens arrive with the approval and history release; the records' versions are kept already.
  content("posts/history/:id", "pages.postHistory"),
  content("posts/history-details/:id", "pages.historyDetails"),
  content("careers/history/:id", "pages.careerHistory"),
  content("careers/history-details/:id", "pages.historyDetails"),

  approval("administration/content-approval", "menu.contentApprovalList"),
  approval("administration/career-approval", "pages.careerApproval"),
  approval("administration/link-approval", "menu.linkApproval"),
  approval("administration/link-history/:center_code", "pages.linkHistory"),
  approval("administration/image-approval", "menu.imageApproval"),
  approval("administration/approval-page/:id", "pages.approvalPage"),
  approval("center-management/center-links/:state/:id", "pages.centerLinkApproval"),
  approval("center-management/center-informations/:state/:id", "pages.centerInformationApproval"),
];
