import { describe, expect, it } from "vitest";
import { defineResource } from "../../resources/types";
import { activeMenuPath, buildMenu, groupOf, MENU } from "./menu";
import { registry } from "../../resources";
import { resourceRoutes } from "./resourceRoutes";
import { CONSOLE_ROUTES } from "./routes";

describe("menu", () => {
  it("highlights the entry matching the current path", () => {
    expect(activeMenuPath("/app/events/life-club")).toBe("/app/events/life-club");
    expect(activeMenuPath("/app/welcome/")).toBe("/app/welcome");
    expect(activeMenuPath("/app/center-management/center-links/pending/4")).toBe("/app/center-management/center-links");
    expect(activeMenuPath("/app/change-password")).toBeUndefined();
    expect(groupOf("/app/careers/lists")).toBe("career-management");
  });
  it("adds a definition's list to the group it names, or to a new group", () => {
    const base = { permissionKey: "content_management", scope: "center", fields: [], titleField: "x", approval: false, history: false } as const;
    const workshops = defineResource({ ...base, name: "workshops", label: "Workshop", labelPlural: "Workshops", routes: { list: "/app/workshops" }, menu: { group: "event-management" } });
    const awards = defineResource({ ...base, name: "awards", label: "Award", labelPlural: "Awards", routes: { list: "/app/awards" }, menu: { group: "awards" } });
    const menu = buildMenu([...registry, workshops, awards]);
    expect(menu.find((g) => g.key === "event-management")!.items.at(-1)).toEqual({ path: "/app/workshops", label: "Workshops" });
    expect(menu.at(-1)).toMatchObject({ key: "awards", label: "Awards", permissionKey: "content_management", items: [{ path: "/app/awards" }] });
    expect(buildMenu(registry)).toEqual(MENU);
  });
  it("gives every route of spec §2 its key", () => {
    const keys = Object.fromEntries([...CONSOLE_ROUTES, ...resourceRoutes(registry)].map((r) => [r.path, r.permissionKey]));
    expect(keys).toMatchObject({
      "posts/new": "content_management",
      "posts/edit/:id": "content_management",
      "posts/history/:id": "content_management",
      "careers/history-details/:id": "content_management",
      "events/life-club": "content_management",
      "events/exhibitions": "content_management",
      "careers/new": "career_management",
      "careers/edit/:id": "career_management",
      "administration/content-approval": "approval_management",
      "administration/link-history/:center_code": "approval_management",
      "center-management/center-links/:state/:id": "approval_management",
      "administration/users": "user_management",
      "administration/roles": "user_management",
      "center-management/center-informations": "center_management",
      "center-management/center-links": "center_management",
      "events/special-events": null,
      "careers/lists": null,
      "change-password": null,
      welcome: null,
    });
  });
  it("links only to routes that exist, and each group's key matches its routes' key", () => {
    const routes = new Map([...CONSOLE_ROUTES, ...resourceRoutes(registry)].map((r) => [`/app/${r.path}`, r]));
    for (const group of MENU) {
      for (const item of group.items) {
        const route = routes.get(item.path);
        expect(route, item.path).toBeDefined();
        // Open routes (special events, careers list) sit in a keyed group; others share its key.
        if (route!.permissionKey) expect(route!.permissionKey).toBe(group.permissionKey);
      }
    }
  });
});
