import type { ListView, PermissionKey, ResourceDefinition } from "../../resources/types";

export interface ListScreen {
  /** The whole path, /app/… */
  path: string;
  /** What the route's gate asks for; null when the list is open to any signed-in user. */
  permissionKey: PermissionKey | null;
  view?: ListView;
}

/**
 * Where a definition shows a list, and who may open each: its own list (open to all when its
 * definition opens reading to everyone) and its views (each under its own key, else the
 * definition's). A singleton's list path is its one record's page, not a list.
 */
export function listScreens(definition: ResourceDefinition): ListScreen[] {
  const screens: ListScreen[] = [];
  const key = definition.permissionKey;
  if (definition.routes.list && !definition.singleton) {
    screens.push({ path: definition.routes.list, permissionKey: listPermissionKey(definition) });
  }
  for (const view of definition.views ?? []) {
    screens.push({ path: view.path, permissionKey: view.permissionKey === undefined ? key : view.permissionKey, view });
  }
  return screens;
}

/** What a definition's own list route (or a singleton's page) asks of its gate: nothing when reading is open to all. */
export const listPermissionKey = (definition: ResourceDefinition): PermissionKey | null =>
  definition.openModes?.includes("read") ? null : definition.permissionKey;
