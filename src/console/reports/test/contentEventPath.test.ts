import { describe, expect, it } from "vitest";
import type { ContentEvent } from "../../../../protocol/reports";
import { contentEventPath } from "../ContentDrawer";

const event = (resource: string, over: Partial<ContentEvent> = {}): ContentEvent => ({
  at: "2026-11-02T01:00:00.000Z",
  how: "went_live",
  resource,
  resource_label: resource,
  record_id: 7,
  version: 3,
  title: "A title",
  deleted: false,
  ...over,
});

describe("where a row of the content drawer leads", () => {
  it("a version of a type with a history page: that version in the record's history", () => {
    expect(contentEventPath(event("posts"))).toBe("/app/posts/history-details/7?version=3");
  });

  it("a version of a type edited in a drawer: that version's state screen", () => {
    expect(contentEventPath(event("center-links"))).toBe("/app/center-management/center-links/3/7");
    expect(contentEventPath(event("center-informations"))).toBe("/app/center-management/center-informations/3/7");
  });

  it("a take-down still to come: the record's form, else the record as it is live", () => {
    expect(contentEventPath(event("posts", { how: "scheduled", version: null }))).toBe("/app/posts/edit/7");
    expect(contentEventPath(event("center-links", { how: "scheduled", version: null }))).toBe("/app/center-management/center-links/live/7");
  });

  it("a deleted record or an unknown type: no link", () => {
    expect(contentEventPath(event("posts", { deleted: true }))).toBeUndefined();
    expect(contentEventPath(event("gone"))).toBeUndefined();
  });
});
