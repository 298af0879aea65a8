import type { ReactElement } from "react";
import type { ListView, PermissionKey, ResourceDefinition } from "../../resources/types";
import { APPROVAL_PAGE, queuesOf } from "./approvals/queues";
import { preloadable } from "./preloadable";
import { listPermissionKey, listScreens } from "./listScreens";

// Each generated screen is its own chunk: the welcome page does not wait for tables and forms.
const FormPage = preloadable(() => import("./resources/FormPage").then((m) => ({ default: m.FormPage })));
const ResourceList = preloadable(() => import("./resources/ResourceList").then((m) => ({ default: m.ResourceList })));
const SingletonScreen = preloadable(() => import("./resources/SingletonScreen").then((m) => ({ default: m.SingletonScreen })));
const QueueScreen = preloadable(() => import("./approvals/QueueScreen").then((m) => ({ default: m.QueueScreen })));
const ApprovalPage = preloadable(() => import("./approvals/ApprovalPage").then((m) => ({ default: m.ApprovalPage })));
const HistoryScreen = preloadable(() => import("./history/HistoryScreen").then((m) => ({ default: m.HistoryScreen })));
const HistoryDetails = preloadable(() => import("./history/HistoryDetails").then((m) => ({ default: m.HistoryDetails })));
const CenterHistory = preloadable(() => import("./history/CenterHistory").then((m) => ({ default: m.CenterHistory })));
const StateView = preloadable(() => import("./history/StateView").then((m) => ({ default: m.StateView })));

export interface ResourceRoute {
  /** Relative to /app. */
  path: string;
  permissionKey: PermissionKey | null;
  element: ReactElement;
  /** Fetches the screen's code without showing it (a page opened by URL starts it early). */
  preload?: () => Promise<unknown>;
  /** A list's definition and view: what its first page asks the server for is known from the URL. */
  list?: { definition: ResourceDefinition; view?: ListView };
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
    if (list && definition.singleton) {
      routes.push({
        kind: "list",
        resource,
        path: relative(list),
        permissionKey: listPermissionKey(definition),
        element: <SingletonScreen definition={definition} />,
        preload: SingletonScreen.preload,
      });
    }
    for (const screen of listScreens(definition)) {
      routes.push({
        kind: screen.view ? "view" : "list",
        resource,
        path: relative(screen.path),
        permissionKey: screen.permissionKey,
        element: <ResourceList key={screen.path} definition={definition} view={screen.view} />,
        preload: ResourceList.preload,
        list: { definition, view: screen.view },
      });
    }
    if (create && edit) {
      routes.push({
        kind: "create",
        resource,
        path: relative(create),
        permissionKey: key,
        element: <FormPage definition={definition} action="create" />,
        preload: FormPage.preload,
      });
      routes.push({
        kind: "edit",
        resource,
        path: relative(edit),
        permissionKey: key,
        element: <FormPage key="edit" definition={definition} action="edit" />,
        preload: FormPage.preload,
      });
    }
    if (definition.history && history) {
      routes.push({
        kind: "history",
        resource,
        path: relative(history),
        permissionKey: historyKeyOf(definition),
        element: <HistoryScreen definition={definition} />,
        preload: HistoryScreen.preload,
      });
    }
    if (definition.history && historyDetails) {
      routes.push({
        kind: "historyDetails",
        resource,
        path: relative(historyDetails),
        permissionKey: historyKeyOf(definition),
        element: <HistoryDetails definition={definition} />,
        preload: HistoryDetails.preload,
      });
    }
    if (definition.history && centerHistory) {
      routes.push({
        kind: "centerHistory",
        resource,
        path: relative(centerHistory),
        permissionKey: APPROVAL_KEY,
        element: <CenterHistory definition={definition} />,
        preload: CenterHistory.preload,
      });
    }
    if (definition.approval && state) {
      routes.push({
        kind: "state",
        resource,
        path: relative(state),
        permissionKey: APPROVAL_KEY,
        element: <StateView definition={definition} />,
        preload: StateView.preload,
      });
    }
    return routes;
  });

  const queues = queuesOf(registry);
  for (const queue of queues) {
    routes.push({
      kind: "queue",
      path: relative(queue.path),
      permissionKey: APPROVAL_KEY,
      element: <QueueScreen key={queue.name} queue={queue} definitions={registry} />,
      preload: QueueScreen.preload,
    });
  }
  if (queues.length > 0) {
    routes.push({
      kind: "approvalPage",
      path: relative(APPROVAL_PAGE),
      permissionKey: APPROVAL_KEY,
      element: <ApprovalPage definitions={registry} />,
      preload: ApprovalPage.preload,
    });
  }
  return routes;
}
