import type { PermissionKey, ResourceDefinition } from "../../resources/types";

export interface MenuItem {
  path: string;
  label: string;
}

export interface MenuGroup {
  key: string;
  label: string;
  /** null: always shown (Welcome). */
  permissionKey: PermissionKey | null;
  items: MenuItem[];
}

/** Spec §2 "Sidebar": each group is shown only where its key has allow_read ≠ 0. */
export const MENU: MenuGroup[] = [
  { key: "welcome", label: "menu.welcome", permissionKey: null, items: [{ path: "/app/welcome", label: "menu.welcome" }] },
  {
    key: "content-approval",
    label: "menu.contentApproval",
    permissionKey: "approval_management",
    items: [
      { path: "/app/administration/content-approval", label: "menu.contentApprovalList" },
      { path: "/app/administration/link-approval", label: "menu.linkApproval" },
      { path: "/app/administration/image-approval", label: "menu.imageApproval" },
    ],
  },
  {
    key: "center-management",
    label: "menu.centerManagement",
    permissionKey: "center_management",
    items: [
      { path: "/app/center-management/center-informations", label: "menu.centerInformations" },
      { path: "/app/center-management/center-links", label: "menu.centerLinks" },
    ],
  },
  {
    key: "event-management",
    label: "menu.eventManagement",
    permissionKey: "content_management",
    items: [
      { path: "/app/events/life-club", label: "menu.lifeClub" },
      { path: "/app/events/exhibitions", label: "menu.exhibitions" },
      { path: "/app/events/special-events", label: "menu.specialEvents" },
    ],
  },
  {
    key: "career-management",
    label: "menu.careerManagement",
    permissionKey: "career_management",
    items: [{ path: "/app/careers/lists", label: "menu.careers" }],
  },
  {
    key: "user-management",
    label: "menu.userManagement",
    permissionKey: "user_management",
    items: [
      { path: "/app/administration/users", label: "menu.users" },
      { path: "/app/administration/roles", label: "menu.roles" },
    ],
  },
];

/** The spec's menu plus an entry for every definition that asks for one. */
export function buildMenu(registry: readonly ResourceDefinition[], base: MenuGroup[] = MENU): MenuGroup[] {
  const menu = base.map((group) => ({ ...group, items: [...group.items] }));
  for (const definition of registry) {
    if (!definition.menu) continue;
    const entries = definition.routes.list
      ? [{ path: definition.routes.list, label: definition.labelPlural }]
      : (definition.views ?? []).map((view) => ({ path: view.path, label: view.label }));
    let group = menu.find((g) => g.key === definition.menu!.group);
    if (!group) {
      group = {
        key: definition.menu.group,
        label: definition.menu.groupLabel ?? definition.labelPlural,
        permissionKey: definition.permissionKey,
        items: [],
      };
      menu.push(group);
    }
    group.items.push(...entries.filter((e) => !group!.items.some((i) => i.path === e.path)));
  }
  return menu;
}

const normalise = (path: string) => path.replace(/\/+$/, "") || "/";

/** The entry whose path is the longest prefix of the current path is the highlighted one. */
export function activeMenuPath(pathname: string, menu: MenuGroup[] = MENU): string | undefined {
  const current = normalise(pathname);
  let best: string | undefined;
  for (const item of menu.flatMap((g) => g.items)) {
    if ((current === item.path || current.startsWith(`${item.path}/`)) && (!best || item.path.length > best.length)) {
      best = item.path;
    }
  }
  return best;
}

export const groupOf = (path: string | undefined, menu: MenuGroup[] = MENU) =>
  path ? menu.find((g) => g.items.some((i) => i.path === path))?.key : undefined;
