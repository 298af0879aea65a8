import { describe, expect, it } from "vitest";
import { activeMenuPath, groupOf, MENU } from "./menu";
import { CONSOLE_ROUTES } from "./routes";

describe("menu", () => {
  it("highlights the entry matching the current path", () => {
    expect(activeMenuPath("/app/events/life-club")).toBe("/app/events/life-club");
    expect(activeMenuPath("/app/welcome/")).toBe("/app/welcome");
    expect(activeMenuPath("/app/center-management/center-links/pending/4")).toBe("/app/center-management/center-links");
    expect(activeMenuPath("/app/change-password")).toBeUndefined();
    expect(groupOf("/app/careers/lists")).toBe("career-management");
  });
  it("links only to routes that exist, and each group's key matches its routes' key", () => {
    const routes = new Map(CONSOLE_ROUTES.map((r) => [`/app/${r.path}`, r]));
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
