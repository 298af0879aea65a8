import { describe, expect, it } from "vitest";
import { defineResource } from "../../resources/types";
import { testimonials } from "../../resources/fixtures/testimonials";
import { registry } from "../../resources";
import { labelText } from "../../providers/i18n";
import { ACTIVITY, activeMenuPath, buildMenu, CALENDAR_PATH, groupOf, MENU, REPORTS_PATH } from "./menu";
import { queuesOf } from "./approvals/queues";
import { resourceRoutes } from "./resourceRoutes";
import { CONSOLE_ROUTES } from "./routes";

const allRoutes = (definitions = registry) => [...CONSOLE_ROUTES, ...resourceRoutes(definitions)];
const labels = (group: string, menu = MENU) => menu.find((g) => g.key === group)!.items.map((i) => labelText(i.label));

describe("menu", () => {
  it("highlights the entry matching the current path", () => {
    expect(activeMenuPath("/app/events/life-club")).toBe("/app/events/life-club");
    expect(activeMenuPath("/app/welcome/")).toBe("/app/welcome");
    expect(activeMenuPath("/app/center-management/center-links/pending/4")).toBe("/app/center-management/center-links");
    expect(activeMenuPath("/app/change-password")).toBeUndefined();
    expect(groupOf("/app/careers/lists")).toBe("career-management");
  });

  it("keeps the spec's groups and entries, in the spec's order", () => {
    expect(MENU.map((g) => [g.key, g.permissionKey])).toEqual([
      ["welcome", null],
      ["customer-chats", null],
      ["calendar", null],
      ["reports", null],
      ["content-approval", "approval_management"],
      ["center-management", "center_management"],
      ["event-management", "content_management"],
      ["career-management", "career_management"],
      ["user-management", "user_management"],
    ]);
    // Entries name their queue: the group already says "Approval"; each queue's page keeps its full name.
    expect(labels("content-approval")).toEqual(["Content requests", "Career requests", "Link requests", "Image requests"]);
    expect(queuesOf(registry).map((q) => labelText(q.label))).toEqual(["Content Approval", "Career Approval", "Link Approval", "Image Approval"]);
    expect(MENU.find((g) => g.key === "content-approval")!.items.map((i) => i.path)).toEqual([
      "/app/administration/content-approval",
      "/app/administration/career-approval",
      "/app/administration/link-approval",
      "/app/administration/image-approval",
    ]);
    expect(labels("center-management").slice(0, 2)).toEqual(["Center Information", "Center Links"]);
    expect(labels("event-management").slice(0, 3)).toEqual(["Life Club", "Exhibitions", "Special Events"]);
    // The activity log follows the definitions' lists (superadmins only; not a content type).
    expect(labels("user-management")).toEqual(["Users", "Roles", "Activity log"]);
  });

  it("writes no path by hand: every entry is a definition's list or view, or a queue a definition names", () => {
    const fromDefinitions = new Set([
      "/app/welcome",
      "/app/customer-chats",
      ACTIVITY.path,
      CALENDAR_PATH,
      REPORTS_PATH,
      ...registry.flatMap((d) => [d.routes.list, ...(d.views ?? []).map((v) => v.path)]).filter(Boolean),
      ...queuesOf(registry).map((q) => q.path),
    ]);
    for (const item of MENU.flatMap((g) => g.items)) expect(fromDefinitions, item.path).toContain(item.path);
  });

  it("shows the calendar to whoever may read a scheduled type, and only when a type has a schedule", () => {
    const calendar = MENU.find((g) => g.key === "calendar")!;
    expect(calendar.items.map((i) => i.path)).toEqual([CALENDAR_PATH]);
    expect(new Set(calendar.readAny)).toEqual(new Set(registry.filter((d) => d.schedule).map((d) => d.permissionKey)));
    expect(buildMenu(registry.filter((d) => !d.schedule)).some((g) => g.key === "calendar")).toBe(false);
  });

  it("shows reports to whoever may read approval or center management", () => {
    const reports = MENU.find((g) => g.key === "reports")!;
    expect(reports.items.map((i) => i.path)).toEqual([REPORTS_PATH]);
    expect(new Set(reports.readAny)).toEqual(new Set(["approval_management", "center_management"]));
  });

  it("adds a definition's list to the group it names, or to a new group", () => {
    const base = { permissionKey: "content_management", scope: "center", fields: [], titleField: "x", approval: false, history: false } as const;
    const workshops = defineResource({
      ...base,
      name: "workshops",
      label: "Workshop",
      labelPlural: "Workshops",
      routes: { list: "/app/workshops" },
      menu: { group: "event-management" },
    });
    const awards = defineResource({
      ...base,
      name: "awards",
      label: "Award",
      labelPlural: "Awards",
      routes: { list: "/app/awards" },
      menu: { group: "awards" },
    });
    const menu = buildMenu([...registry, workshops, awards]);
    expect(menu.find((g) => g.key === "event-management")!.items.map((i) => i.path)).toContain("/app/workshops");
    expect(menu.at(-1)).toMatchObject({ key: "awards", label: "Awards", permissionKey: "content_management", items: [{ path: "/app/awards" }] });
  });

  it("gives every route of spec §2 its key", () => {
    const keys = Object.fromEntries(allRoutes().map((r) => [r.path, r.permissionKey]));
    expect(keys).toMatchObject({
      "posts/new": "content_management",
      "posts/edit/:id": "content_management",
      "posts/history/:id": "content_management",
      "posts/history-details/:id": "content_management",
      "careers/history/:id": "content_management",
      "careers/history-details/:id": "content_management",
      "events/life-club": "content_management",
      "events/exhibitions": "content_management",
      "careers/new": "career_management",
      "careers/edit/:id": "career_management",
      "administration/content-approval": "approval_management",
      "administration/career-approval": "approval_management",
      "administration/link-approval": "approval_management",
      "administration/link-history/:center_code": "approval_management",
      "administration/image-approval": "approval_management",
      "administration/approval-page/:id": "approval_management",
      "center-management/center-links/:state/:id": "approval_management",
      "center-management/center-informations/:state/:id": "approval_management",
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

  it("has one route per path", () => {
    const paths = allRoutes().map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("links only to routes that exist, and each group's key matches its routes' key", () => {
    const routes = new Map(allRoutes().map((r) => [`/app/${r.path}`, r]));
    for (const group of MENU) {
      for (const item of group.items) {
        const route = routes.get(item.path);
        expect(route, item.path).toBeDefined();
        // Open routes (special events, careers list) sit in a keyed group; others share its key,
        // or the keys it is shown for (either of which opens the route).
        if (route!.permissionKey && group.readAny) {
          expect(new Set(group.readAny)).toEqual(new Set([route!.permissionKey, ...("orKey" in route! && route.orKey ? [route.orKey] : [])]));
        } else if (route!.permissionKey) expect(route!.permissionKey).toBe(group.permissionKey);
      }
    }
  });
});

describe("a content type with approval and history, from its definition alone", () => {
  // The test-only testimonials definition names a queue no other definition names.
  const withTestimonials = [...registry, testimonials];

  it("gets its own queue entry under Content Approval", () => {
    expect(buildMenu(registry)[1].items.some((i) => i.queue === "testimonial")).toBe(false);
    const approvals = buildMenu(withTestimonials).find((g) => g.key === "content-approval")!;
    expect(approvals.items.at(-1)).toEqual({ path: "/app/administration/testimonial-approval", label: "Testimonial requests", queue: "testimonial" });
    expect(queuesOf(withTestimonials).find((q) => q.name === "testimonial")).toMatchObject({ layout: "table", resources: ["testimonials"] });
  });

  it("gets its queue, history and history-details routes, under the right keys", () => {
    const before = new Set(resourceRoutes(registry).map((r) => r.path));
    const added = resourceRoutes(withTestimonials).filter((r) => !before.has(r.path));
    expect(added.map((r) => [r.kind, r.path, r.permissionKey])).toEqual([
      ["list", "testimonials", "content_management"],
      ["history", "testimonials/history/:id", "content_management"],
      ["historyDetails", "testimonials/history-details/:id", "content_management"],
      ["queue", "administration/testimonial-approval", "approval_management"],
    ]);
  });

  it("gets a sidebar entry for its list in the group of its key", () => {
    expect(
      buildMenu(withTestimonials)
        .find((g) => g.key === "event-management")!
        .items.at(-1),
    ).toEqual({
      path: "/app/testimonials",
      label: "Testimonials",
    });
  });
});
