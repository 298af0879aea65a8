// The comparison of two versions shows a schedule the way the center reads it: in the center's
// zone with its abbreviation, whatever zone the reviewer's browser is in.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import posts from "../../../../resources/posts";
import { Comparison } from "../Comparison";

describe("a change's schedule in the comparison", () => {
  it("shows go-live and take-down times in the center's zone", () => {
    render(
      <Comparison
        definition={posts}
        label="Compare"
        zone="Asia/Makassar"
        before={{ title: "Open day" }}
        after={{ title: "Open day" }}
        changes={[
          { field: "go_live_at", before: null, after: "2026-12-03T01:00:00.000Z" },
          { field: "take_down_at", before: "2026-12-05T16:00:00.000Z", after: "2026-12-06T16:00:00.000Z" },
        ]}
        beforeTitle="Live"
        afterTitle="Proposed"
        onlyChanged
      />,
    );
    const goLive = screen.getByRole("row", { name: /Go live at/ });
    expect(within(goLive).getByText("3 Dec 09:00 WITA")).toBeInTheDocument();
    const takeDown = screen.getByRole("row", { name: /Take down at/ });
    expect(within(takeDown).getByText("6 Dec 00:00 WITA")).toBeInTheDocument();
    expect(within(takeDown).getByText("7 Dec 00:00 WITA")).toBeInTheDocument();
  });
});
