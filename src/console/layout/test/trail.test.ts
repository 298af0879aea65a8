import { describe, expect, it } from "vitest";
import { registry } from "../../../../resources";
import { activeMenuPath, buildMenu, menuTrail } from "../../menu";

const menu = buildMenu(registry);

describe("the menu entry of a record screen", () => {
  it("is its definition's list, whatever the record screen's path", () => {
    expect(activeMenuPath("/app/careers/edit/12", menu)).toBe("/app/careers/lists");
    expect(activeMenuPath("/app/careers/new", menu)).toBe("/app/careers/lists");
    expect(activeMenuPath("/app/careers/history-details/3/", menu)).toBe("/app/careers/lists");
    expect(activeMenuPath("/app/posts/edit/4", menu)).toBe("/app/posts");
    expect(activeMenuPath("/app/center-management/center-links/pending/7", menu)).toBe("/app/center-management/center-links");
  });

  it("is nothing for a path no definition owns", () => {
    expect(activeMenuPath("/app/careers/edit", menu)).toBeUndefined();
    expect(activeMenuPath("/app/nowhere/edit/1", menu)).toBeUndefined();
  });

  it("gives record screens a trail (group, then list) and lists none", () => {
    expect(menuTrail("/app/careers/edit/12", menu)).toEqual({ group: "menu.careerManagement", item: expect.objectContaining({ path: "/app/careers/lists" }) });
    expect(menuTrail("/app/careers/lists", menu)).toBeUndefined();
    expect(menuTrail("/app/welcome", menu)).toBeUndefined();
  });
});
