// The sidebar's menu, read from the definitions: each definition's list (or views) sits in the
// group it names, or else in the group of its permission key; each approval queue a definition
// names gets an entry under Content Approval. No list, history or queue path is written here.
import { registry } from "../app/definitions";
import { compareNames, type PermissionKey, type ResourceDefinition } from "../../resources";
import { scheduleOf } from "../../resources/types";
import { isKey, verbatim, type Label, type MessageKey } from "../../providers/i18n";
import { queuesOf } from "./approvals/queues";

export interface MenuItem {
  path: string;
  /** An i18n key, or the definition's own label for entries the strings do not name. */
  label: Label;
  /** An approval queue: the sidebar shows its open count beside the entry. */
  queue?: string;
  /** Shown to superadmins only. */
  superadminOnly?: boolean;
}

export interface MenuGroup {
  key: string;
  label: Label;
  /** null: always shown (Welcome). */
  permissionKey: PermissionKey | null;
  /** Shown to whoever may read any of these (instead of permissionKey). */
  readAny?: PermissionKey[];
  items: MenuItem[];
}

interface GroupSpec {
  key: string;
  label: MessageKey;
  permissionKey: PermissionKey;
  /** Resources listed first, in this order (the spec's order); the others follow by name. */
  order?: string[];
}

/** Spec §2 "Sidebar": the groups, in order; each is shown only where its key has allow_read ≠ 0. */
export const APPROVAL_GROUP = "content-approval";
const GROUPS: GroupSpec[] = [
  { key: APPROVAL_GROUP, label: "menu.contentApproval", permissionKey: "approval_management" },
  { key: "center-management", label: "menu.centerManagement", permissionKey: "center_management", order: ["center-informations", "center-links"] },
  { key: "event-management", label: "menu.eventManagement", permissionKey: "content_management", order: ["posts"] },
  { key: "career-management", label: "menu.careerManagement", permissionKey: "career_management" },
  { key: "user-management", label: "menu.userManagement", permissionKey: "user_management", order: ["users", "roles"] },
];

/** The activity log, read from the audit rows every write leaves (not a content type). */
export const ACTIVITY: MenuItem = { path: "/app/administration/activity", label: "menu.activity", superadminOnly: true };

const WELCOME: MenuGroup = { key: "welcome", label: "menu.welcome", permissionKey: null, items: [{ path: "/app/welcome", label: "menu.welcome" }] };
/** The landing page, for every signed-in user: the sidebar carries its unread count. */
export const CHATS_KEY = "customer-chats";
const CHATS: MenuGroup = {
  key: CHATS_KEY,
  label: "menu.customerChats",
  permissionKey: null,
  items: [{ path: "/app/customer-chats", label: "menu.customerChats" }],
};
export const CALENDAR_KEY = "calendar";
export const CALENDAR_PATH = "/app/calendar";
/** The publishing calendar, for whoever may read one of the types that carry a schedule. */
function calendarGroup(definitions: readonly ResourceDefinition[]): MenuGroup[] {
  const keys = [...new Set(definitions.filter((d) => scheduleOf(d)).map((d) => d.permissionKey))];
  if (keys.length === 0) return [];
  return [{ key: CALENDAR_KEY, label: "menu.calendar", permissionKey: null, readAny: keys, items: [{ path: CALENDAR_PATH, label: "menu.calendar" }] }];
}
export const REPORTS_KEY = "reports";
export const REPORTS_PATH = "/app/reports";
/** A center's figures, for its reviewers and its managers (the route's gate asks the same). */
const REPORTS: MenuGroup = {
  key: REPORTS_KEY,
  label: "menu.reports",
  permissionKey: null,
  readAny: ["approval_management", "center_management"],
  items: [{ path: REPORTS_PATH, label: "menu.reports" }],
};
/** Groups drawn as one top-level link rather than a folding group. */
export const TOP_LEVEL = new Set([WELCOME.key, CHATS_KEY, CALENDAR_KEY, REPORTS_KEY]);

const camel = (name: string) => name.replace(/[-_]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** The strings' name for an entry (menu.centerLinks) when they have one, else the definition's label. */
const labelFor = (name: string, fallback: string): Label => {
  const key = `menu.${camel(name)}`;
  return isKey(key) ? key : verbatim(fallback);
};
const lastSegment = (path: string) => path.replace(/\/+$/, "").split("/").at(-1) ?? path;

/** A definition's entries: each view (the event pages), then its own list. */
function entriesOf(definition: ResourceDefinition): MenuItem[] {
  const views = (definition.views ?? []).map((view) => ({ path: view.path, label: labelFor(lastSegment(view.path), view.label) }));
  const list = definition.routes.list ? [{ path: definition.routes.list, label: labelFor(definition.name, definition.labelPlural) }] : [];
  return [...views, ...list];
}

/**
 * A definition's record screens (new, edit, history, state views…: route patterns, ':name' a
 * segment), whatever their paths, with the entry they belong to: its list, or else its first view.
 */
function recordScreensOf(definition: ResourceDefinition): { patterns: string[]; entry: string } | undefined {
  const entry = definition.routes.list ?? definition.views?.[0]?.path;
  const { create, edit, history, historyDetails, centerHistory, state } = definition.routes;
  const patterns = [create, edit, history, historyDetails, centerHistory, state].filter((path): path is string => Boolean(path));
  return entry && patterns.length > 0 ? { patterns, entry } : undefined;
}

function groupKeyOf(definition: ResourceDefinition): string {
  if (definition.menu) return definition.menu.group;
  return GROUPS.find((g) => g.key !== APPROVAL_GROUP && g.permissionKey === definition.permissionKey)?.key ?? definition.permissionKey;
}

/** The whole menu for a set of definitions. */
export function buildMenu(definitions: readonly ResourceDefinition[]): MenuGroup[] {
  const groups: MenuGroup[] = GROUPS.map((g) => ({ key: g.key, label: g.label, permissionKey: g.permissionKey, items: [] }));
  groups[0].items = queuesOf(definitions).map((queue) => ({ path: queue.path, label: queue.entry, queue: queue.name }));

  const rank = (definition: ResourceDefinition) => {
    const order = GROUPS.find((g) => g.key === groupKeyOf(definition))?.order ?? [];
    return order.includes(definition.name) ? order.indexOf(definition.name) : order.length;
  };
  const ordered = [...definitions].sort((a, b) => rank(a) - rank(b) || compareNames(a.name, b.name));

  for (const definition of ordered) {
    const entries = entriesOf(definition);
    if (entries.length === 0) continue;
    const key = groupKeyOf(definition);
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = { key, label: verbatim(definition.menu?.groupLabel ?? definition.labelPlural), permissionKey: definition.permissionKey, items: [] };
      groups.push(group);
    }
    group.items.push(...entries.filter((e) => !group!.items.some((i) => i.path === e.path)));
  }
  groups.find((g) => g.key === "user-management")?.items.push(ACTIVITY);
  return [WELCOME, CHATS, ...calendarGroup(definitions), REPORTS, ...groups.filter((g) => g.items.length > 0)];
}

export const MENU: MenuGroup[] = buildMenu(registry);

const normalise = (path: string) => path.replace(/\/+$/, "") || "/";

/** Whether a path is one of a route pattern's ("/app/careers/edit/:id"). */
const matchesRoute = (path: string, pattern: string) => {
  const want = normalise(pattern).split("/");
  const have = path.split("/");
  return want.length === have.length && want.every((segment, i) => (segment.startsWith(":") ? have[i] !== "" : segment === have[i]));
};

/**
 * The highlighted entry: the one whose path is the longest prefix of the current path, else the
 * one owning the record screen shown (careers' edit page lights Careers).
 */
export function activeMenuPath(pathname: string, menu: MenuGroup[] = MENU, definitions: readonly ResourceDefinition[] = registry): string | undefined {
  const current = normalise(pathname);
  const items = menu.flatMap((g) => g.items);
  let best: string | undefined;
  for (const item of items) {
    if ((current === item.path || current.startsWith(`${item.path}/`)) && (!best || item.path.length > best.length)) {
      best = item.path;
    }
  }
  if (best) return best;
  for (const definition of definitions) {
    const screens = recordScreensOf(definition);
    if (screens?.patterns.some((pattern) => matchesRoute(current, pattern)) && items.some((item) => item.path === screens.entry)) return screens.entry;
  }
  return undefined;
}

export interface MenuTrail {
  /** The group's label, when the entry sits in a folding group. */
  group?: Label;
  item: MenuItem;
}

/** Where a record screen sits in the menu (its breadcrumbs); nothing on an entry's own page. */
export function menuTrail(pathname: string, menu: MenuGroup[] = MENU, definitions: readonly ResourceDefinition[] = registry): MenuTrail | undefined {
  const path = activeMenuPath(pathname, menu, definitions);
  if (!path || path === normalise(pathname)) return undefined;
  const group = menu.find((g) => g.items.some((i) => i.path === path))!;
  return { group: TOP_LEVEL.has(group.key) ? undefined : group.label, item: group.items.find((i) => i.path === path)! };
}

export const groupOf = (path: string | undefined, menu: MenuGroup[] = MENU) => (path ? menu.find((g) => g.items.some((i) => i.path === path))?.key : undefined);
