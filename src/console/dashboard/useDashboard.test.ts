// Putting a refreshed block in place: the others stay as they were.
import { describe, expect, it } from "vitest";
import type { DashboardAnswer } from "../../../protocol/dashboard";
import { withBlocks } from "./useDashboard";

const page: DashboardAnswer = {
  now: "2030-03-04T01:00:00.000Z",
  time_zone: "Asia/Jakarta",
  approvals: [{ queue: "content", count: 2, oldest: null }],
  my_changes: { pending: 1, rejected: 0, items: [] },
  inbox: { open: 3, unassigned: 1, mine: 1, longest_waiting: null },
};

describe("withBlocks", () => {
  it("replaces the refreshed blocks and keeps the others", () => {
    const fresh: DashboardAnswer = {
      now: "2030-03-04T01:05:00.000Z",
      time_zone: "Asia/Jakarta",
      inbox: { open: 4, unassigned: 2, mine: 1, longest_waiting: null },
    };
    const next = withBlocks({ data: { statusCode: 200, data: page } }, fresh, ["inbox"]).data.data!;
    expect(next.inbox).toEqual(fresh.inbox);
    expect(next.approvals).toBe(page.approvals);
    expect(next.my_changes).toBe(page.my_changes);
    expect(next.now).toBe(fresh.now);
  });

  it("drops a refreshed block the answer no longer has (the caller lost the permission behind it)", () => {
    const fresh: DashboardAnswer = { now: page.now, time_zone: page.time_zone };
    const next = withBlocks({ data: { statusCode: 200, data: page } }, fresh, ["approvals"]).data.data!;
    expect(next).not.toHaveProperty("approvals");
    expect(next.inbox).toBe(page.inbox);
  });
});
