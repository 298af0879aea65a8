import { describe, expect, it } from "vitest";
import { columnSortOrder, isFiltered, listState } from "../listState";

describe("list states", () => {
  it("tells a failed load from an empty list and from no results", () => {
    expect(listState({ isError: true, filtered: false })).toBe("error");
    expect(listState({ isError: true, filtered: true })).toBe("error");
    expect(listState({ isError: false, filtered: true })).toBe("noResults");
    expect(listState({ isError: false, filtered: false })).toBe("empty");
  });

  it("counts a search or filter with a value, not the view's preset or cleared filters", () => {
    expect(isFiltered([])).toBe(false);
    expect(isFiltered([{ field: "q", operator: "contains", value: undefined }])).toBe(false);
    expect(isFiltered([{ field: "q", operator: "contains", value: "" }])).toBe(false);
    expect(isFiltered([{ field: "type", operator: "in", value: [] }])).toBe(false);
    expect(isFiltered([{ field: "type", operator: "eq", value: "life_club" }], { type: "life_club" })).toBe(false);
    expect(isFiltered([{ field: "q", operator: "contains", value: "club" }])).toBe(true);
    expect(isFiltered([{ field: "kind", operator: "in", value: ["social"] }])).toBe(true);
    expect(isFiltered([{ field: "closing_date", operator: "gte", value: "2026-01-01" }])).toBe(true);
  });
});

describe("a column's sort order", () => {
  it("is antd's word for Refine's order, for the sorted column only", () => {
    const sorters = [{ field: "label", order: "desc" as const }];
    expect(columnSortOrder("label", sorters)).toBe("descend");
    expect(columnSortOrder("label", [{ field: "label", order: "asc" }])).toBe("ascend");
    expect(columnSortOrder("position", sorters)).toBeNull();
    expect(columnSortOrder("label", [])).toBeNull();
  });
});
