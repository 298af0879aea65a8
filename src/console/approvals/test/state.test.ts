import { describe, expect, it } from "vitest";
import { t } from "../../../../providers/i18n";
import { wordDiff } from "../diff";
import { displayState, type Review } from "../state";

const review = (change: Review["change"], status: Review["status"], reason: string | null = null): Review => ({
  id: 41,
  change,
  status,
  reason,
  comment: null,
  submitted_by_name: "Rina",
  submitted_at: "2026-01-05T09:00:00.000Z",
  decided_by_name: status === "pending" ? null : "Budi",
  decided_at: status === "pending" ? null : "2026-01-06T09:00:00.000Z",
});

const label = (record: Parameters<typeof displayState>[0]) => {
  const state = displayState(record);
  return state && t(state.label);
};

describe("a record's displayed state (contract: 'The displayed state')", () => {
  it("never approved: pending, or rejected with the reason", () => {
    expect(label({ status: "pending", live_version: null, review: review("create", "pending") })).toBe("Pending approval");
    const rejected = displayState({ status: "rejected", live_version: null, review: review("create", "rejected", "Add the venue") });
    expect(rejected).toMatchObject({ kind: "rejected", reason: "Add the venue", requestId: null });
    expect(t(rejected!.label)).toBe("Rejected");
  });

  it("live: nothing waiting, a change waiting, a deletion waiting, a change rejected", () => {
    expect(label({ status: "published", live_version: 3, review: review("update", "approved") })).toBe("Live");
    const changePending = displayState({ status: "pending", live_version: 3, review: review("update", "pending") });
    expect(changePending).toMatchObject({ kind: "liveChangePending", requestId: 41 });
    expect(t(changePending!.label)).toBe("Live · change pending");
    expect(label({ status: "pending", live_version: 3, review: review("delete", "pending") })).toBe("Live · deletion pending");
    const changeRejected = displayState({ status: "rejected", live_version: 2, review: review("update", "rejected", "Wrong date") });
    expect(changeRejected).toMatchObject({ kind: "liveChangeRejected", reason: "Wrong date" });
    expect(t(changeRejected!.label)).toBe("Live · change rejected");
  });

  it("a version 0 counts as live; only the open request is offered for review", () => {
    expect(displayState({ status: "pending", live_version: 0, review: review("update", "pending") })?.kind).toBe("liveChangePending");
    expect(displayState({ status: "published", live_version: 1, review: review("update", "approved") })?.requestId).toBeNull();
  });

  it("records without approval fields show no state", () => {
    expect(displayState({ status: "active" })).toBeNull();
    expect(displayState(undefined)).toBeNull();
    expect(displayState({ status: "deleted", live_version: 2 })?.kind).toBe("deleted");
  });
});

describe("word diff", () => {
  it("marks removed and added words and keeps the rest", () => {
    expect(wordDiff("Open on Monday at nine", "Open on Tuesday at nine")).toEqual([
      { kind: "same", text: "Open on " },
      { kind: "removed", text: "Monday" },
      { kind: "added", text: "Tuesday" },
      { kind: "same", text: " at nine" },
    ]);
    expect(wordDiff("", "new text")).toEqual([{ kind: "added", text: "new text" }]);
  });
  it("gives up on texts too long to compare quickly", () => {
    const long = "word ".repeat(2000);
    expect(wordDiff(long, `${long}more`)).toBeNull();
  });
});
