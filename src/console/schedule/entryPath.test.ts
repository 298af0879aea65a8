import { describe, expect, it } from "vitest";
import { entryPath } from "./entryPath";

describe("where a calendar entry opens", () => {
  it("opens the change waiting for approval rather than the record", () => {
    expect(entryPath({ resource: "posts", record_id: 12, request_id: 40 })).toBe("/app/administration/approval-page/40");
  });
  it("opens the record's edit page when nothing waits", () => {
    expect(entryPath({ resource: "posts", record_id: 12, request_id: null })).toMatch(/\/12/);
    expect(entryPath({ resource: "posts", record_id: 12, request_id: null })).not.toMatch(/approval-page/);
  });
});
