import { lazy, type ReactElement } from "react";
import type { PermissionKey, ResourceDefinition } from "../../resources/types";
import { APPROVAL_PAGE, queuesOf } from "./approvals/queues";

// Each generated screen is its own chunk: the welcome page does not wait for tables and forms.
const FormPage = lazy(() => import("./resources/FormPage").then((m) => ({ default: m.FormPage })));
const ResourceList = lazy(() => import("./resources/ResourceList").then((m) => ({ default: m.ResourceList })));
const SingletonScreen = lazy(() => import("./resources/SingletonScreen").then((m) => ({ default: m.SingletonScreen })));
const QueueScreen = lazy(() => import("./approvals/QueueScreen").then((m) => ({ default: m.QueueScreen })));
const ApprovalPage = lazy(() => import("./approvals/ApprovalPage").then((m) => ({ default: m.ApprovalPage })));
const HistoryScreen = lazy(() => import("./history/HistoryScreen").then((m) => ({ default: m.HistoryScreen })));
const HistoryDetails = lazy(() => import("./history/HistoryDetails").then((m) => ({ default: m.HistoryDetails })));
const CenterHistory = lazy(() => import("./history/CenterHistory").then((m) => ({ default: m.CenterHistory })));
const StateView = lazy(() => import("./history/StateView").then((m) => ({ default: m.StateView })));

export interface ResourceRoute {
  /** Relative to /app. */
  path: string;
  permissionKey: PermissionKey | null;
  element: ReactElement;
  /** What the route shows (tests and the menu read it). */
  kind: "list" | "view" | "create" | "edit" | "history" | "historyDetails" | "centerHistory" | "state" | "queue" | "approvalPage";
  resource?: string;
}

const relative = (path: string) => path.replace(/^\/app\//, "");

/** Queues, the approval page, the state views and center histories are the reviewers' screens (spec §2). */
export const APPROVAL_KEY: PermissionKey = "approval_management";

/** The key of a definition's history screens: its own, unless it names another (careers). */
export const historyKeyOf = (definition: ResourceDefinition): PermissionKey => definition.historyKey ?? definition.permissionKey;

/**
 * Every screen the definitions give: each one's list (or views), form pages, history, history
 * details, center history and state views, plus one queue per approval queue they name and the
 * approval page.
 */
export function resourceRoutes(registry: readonly ResourceDefinition[]): ResourceRoute[] {
  const routes = registry.flatMap((definition) => {
    const key = definition.permissionKey;
    const resource = definition.name;
    const routes: ResourceRoute[] = [];
    const { list, create, edit, history, historyDetails, centerHistory, state } = definition.routes;
    if (list) {
      routes.push({
        kind: "list",
        resource,
        path: relative(list),
        permissionKey: definition.openModes?.includes("read") ? null : key,
        element: definition.singleton ? <SingletonScreen definition={definition} /> : <ResourceList key={list} definition={definition} />,
      });
    }
    for (const view of definition.views ?? []) {
      routes.push({
        kind: "view",
        resource,
        path: relative(view.path),
        permissionKey: view.permissionKey === undefined ? key : view.permissionKey,
        element: <ResourceList key={view.path} definition={definition} view={view} />,
      });
    }
    if (create && edit) {
      routes.push({ kind: "create", resource, path: relative(create), permissionKey: key, element: <FormPage definition={definition} action="create" /> });
      routes.push({ kind: "edit", resource, path: relative(edit), permissionKey: key, element: <FormPage key="edit" definition={definition} action="edit" /> });
    }
    if (definition.history && history) {
      routes.push({ kind: "history", resource, path: relative(history), permissionKey: historyKeyOf(definition), element: <HistoryScreen definition={definition} /> });
    }
    if (definition.history && historyDetails) {
      routes.push({
        kind: "historyDetails",
        resource,
        path: relative(historyDetails),
        permissionKey: historyKeyOf(definition),
        element: <HistoryDetails definition={definition} />,
      });
    }
    if (definition.history && centerHistory) {
      routes.push({ kind: "centerHistory", resource, path: relative(centerHistory), permissionKey: APPROVAL_KEY, element: <CenterHistory definition={definition} /> });
    }
    if (definition.approval && state) {
      routes.push({ kind: "state", resource, path: relative(state), permissionKey: APPROVAL_KEY, element: <StateView definition={definition} /> });
    }
    return routes;
  });

  const queues = queuesOf(registry);
  for (const queue of queues) {
    routes.push({ kind: "queue", path: relative(queue.path), permissionKey: APPROVAL_KEY, element: <QueueScreen key={queue.name} queue={queue} definitions={registry} /> });
  }
  if (queues.length > 0) {
    routes.push({ kind: "approvalPage", path: relative(APPROVAL_PAGE), permissionKey: APPROVAL_KEY, element: <ApprovalPage definitions={registry} /> });
  }
  return routes;
}
