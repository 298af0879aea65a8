import { describe, expect, it } from "vitest";
import { exportUrl } from "../ExportButton";

describe("the CSV export's address", () => {
  it("carries the list's search, filters and sort, not its page", () => {
    const url = exportUrl(
      { name: "careers" },
      [{ field: "title", order: "desc" }],
      [
        { field: "q", operator: "eq", value: "teacher" },
        { field: "employment_type", operator: "in", value: ["full_time", "part_time"] },
        { field: "closing_date", operator: "gte", value: "2026-12-01" },
      ],
    );
    expect(url).toBe("/api/careers/export.csv?sort=-title&q=teacher&employment_type=full_time%2Cpart_time&closing_date__gte=2026-12-01");
  });

  it("is the bare export without any", () => {
    expect(exportUrl({ name: "posts" }, [], [])).toBe("/api/posts/export.csv");
  });
});
