import { lazy, type ReactElement } from "react";
import type { PermissionKey, ResourceDefinition } from "../../resources/types";

// Each generated screen is its own chunk: the welcome page does not wait for tables and forms.
const FormPage = lazy(() => import("./resources/FormPage").then((m) => ({ default: m.FormPage })));
const ResourceList = lazy(() => import("./resources/ResourceList").then((m) => ({ default: m.ResourceList })));
const SingletonScreen = lazy(() => import("./resources/SingletonScreen").then((m) => ({ default: m.SingletonScreen })));

export interface ResourceRoute {
  /** Relative to /app. */
  path: string;
  permissionKey: PermissionKey | null;
  element: ReactElement;
}

const relative = (path: string) => path.replace(/^\/app\//, "");

/** Every screen a definition gives: its list (or views), and its form pages when it has them. */
export function resourceRoutes(registry: readonly ResourceDefinition[]): ResourceRoute[] {
  return registry.flatMap((definition) => {
    const key = definition.permissionKey;
    const routes: ResourceRoute[] = [];
    const { list, create, edit } = definition.routes;
    if (list) {
      routes.push({
        path: relative(list),
        permissionKey: definition.openModes?.includes("read") ? null : key,
        element: definition.singleton ? <SingletonScreen definition={definition} /> : <ResourceList definition={definition} />,
      });
    }
    for (const view of definition.views ?? []) {
      routes.push({
        path: relative(view.path),
        permissionKey: view.permissionKey === undefined ? key : view.permissionKey,
        element: <ResourceList key={view.path} definition={definition} view={view} />,
      });
    }
    if (create && edit) {
      routes.push({ path: relative(create), permissionKey: key, element: <FormPage definition={definition} action="create" /> });
      routes.push({ path: relative(edit), permissionKey: key, element: <FormPage key="edit" definition={definition} action="edit" /> });
    }
    return routes;
  });
}
