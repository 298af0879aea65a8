import { describe, expect, it } from "vitest";
import { entryPath } from "./entryPath";

describe("where a calendar entry opens", () => {
  it("opens the change waiting for approval, for someone who may read requests", () => {
    expect(entryPath({ resource: "posts", record_id: 12, request_id: 40 }, true)).toBe("/app/administration/approval-page/40");
  });
  it("opens the record's edit page when nothing waits, or for someone who may not read requests", () => {
    expect(entryPath({ resource: "posts", record_id: 12, request_id: null }, true)).toBe("/app/posts/edit/12");
    expect(entryPath({ resource: "posts", record_id: 12, request_id: 40 }, false)).toBe("/app/posts/edit/12");
  });
});
