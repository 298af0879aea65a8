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
  feature?: "featureContent" | "featureApproval";
}

const content = (path: string, title: string, key: PermissionKey | null = "content_management"): ConsoleRoute => ({
  path, permissionKey: key, page: "comingSoon", title, feature: "featureContent",
});
const approval = (path: string, title: string): ConsoleRoute => ({
  path, permissionKey: "approval_management", page: "comingSoon", title, feature: "featureApproval",
});

export const CONSOLE_ROUTES: ConsoleRoute[] = [
  { path: "welcome", permissionKey: null, page: "welcome", title: "menu.welcome" },
  { path: "customer-chats", permissionKey: null, page: "customerChats", title: "chats.title" },
  { path: "change-password", permissionKey: null, page: "changePassword", title: "password.title" },

  content("posts/new", "pages.newPost"),
  content("posts/edit/:id", "pages.editPost"),
  content("posts/history/:id", "pages.postHistory"),
  content("posts/history-details/:id", "pages.historyDetails"),
  content("careers/history/:id", "pages.careerHistory"),
  content("careers/history-details/:id", "pages.historyDetails"),
  content("events/life-club", "menu.lifeClub"),
  content("events/exhibitions", "menu.exhibitions"),
  content("events/special-events", "menu.specialEvents", null),

  content("careers/new", "pages.newCareer", "career_management"),
  content("careers/edit/:id", "pages.editCareer", "career_management"),
  content("careers/lists", "menu.careers", null),

  approval("administration/content-approval", "menu.contentApprovalList"),
  approval("administration/career-approval", "pages.careerApproval"),
  approval("administration/link-approval", "menu.linkApproval"),
  approval("administration/link-history/:center_code", "pages.linkHistory"),
  approval("administration/image-approval", "menu.imageApproval"),
  approval("administration/approval-page/:id", "pages.approvalPage"),
  approval("center-management/center-links/:state/:id", "pages.centerLinkApproval"),
  approval("center-management/center-informations/:state/:id", "pages.centerInformationApproval"),

  content("administration/users", "menu.users", "user_management"),
  content("administration/roles", "menu.roles", "user_management"),
  content("center-management/center-informations", "menu.centerInformations", "center_management"),
  content("center-management/center-links", "menu.centerLinks", "center_management"),
];
