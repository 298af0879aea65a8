// History screens of the test-only testimonials type: its routes come from its definition alone.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { fail, list, ok } from "../../../../providers/test/transport";
import { preloadScreens, renderConsole } from "../../test/harness";

beforeAll(preloadScreens, 60_000);

const record = {
  id: 3,
  quote: "Great teachers",
  author: "Ada",
  rating: 5,
  featured: false,
  status: "pending",
  live_version: 2,
  version: 4,
  review: { id: 12, change: "update", status: "pending", reason: null, comment: null },
};
const row = (version: number, action: string, extra: Record<string, unknown> = {}) => ({
  version,
  action,
  status: "pending",
  actor_name: action === "approve" ? "Demo Center Manager" : "Demo Content Editor",
  at: new Date(Date.now() - (10 - version) * 3_600_000).toISOString(),
  note: null,
  request_id: version,
  live: version === 2,
  decision: null,
  ...extra,
});
const versions = [
  row(4, "update", { note: "Longer quote" }),
  row(3, "reject", { note: "Too short" }),
  row(2, "approve"),
  row(1, "create", { decision: { status: "approved", by_name: "Demo Center Manager", at: new Date().toISOString(), reason: null, comment: "Thanks" } }),
];
const location = () => screen.getByTestId("location").textContent;

describe("history of a type defined only in a test", () => {
  it("lists the versions with who, when, note, decision and the live one; a row opens its details", { timeout: 30_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderConsole("/app/testimonials/history/3", ({ url }) => {
      if (url === "/api/testimonials/3") return list([record]);
      if (url === "/api/testimonials/3/versions") return list(versions);
      return fail(404);
    });
    expect(await screen.findByRole("heading", { name: "Testimonial history: Ada" }, { timeout: 5000 })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    expect(await within(table).findByText("Longer quote")).toBeInTheDocument();
    const v2 = within(table).getByRole("link", { name: "v2" }).closest("tr")!;
    expect(within(v2).getByText("Live")).toBeInTheDocument();
    expect(within(table).getByText("Thanks")).toBeInTheDocument();
    expect(screen.getByText("Live · change pending")).toBeInTheDocument();
    expect(requests.find((r) => r.url.endsWith("/versions"))?.params).toMatchObject({ page: 1, limit: 20 });
    await user.click(within(table).getByText("Longer quote"));
    await waitFor(() => expect(location()).toBe("/app/testimonials/history-details/3?version=4"));
  });

  it("shows one version, its changes and its difference from the live version, and restores it", { timeout: 30_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderConsole("/app/testimonials/history-details/3?version=1", ({ method, url }) => {
      if (url === "/api/testimonials/3") return list([record]);
      if (url === "/api/testimonials/3/versions") return list(versions.slice(0, 1), 4);
      if (url === "/api/testimonials/3/versions/1") {
        return ok({
          ...row(1, "create"),
          data: { quote: "Good", author: "Ada", rating: 4, featured: false },
          previous_version: null,
          changes: [],
          live_version: 2,
          live: { quote: "Great teachers", author: "Ada", rating: 5, featured: false },
          changes_vs_live: [
            { field: "quote", before: "Great teachers", after: "Good" },
            { field: "rating", before: 5, after: 4 },
          ],
        });
      }
      if (method === "POST") return ok({ ...record, version: 5 }, "Version 1 restored and submitted for approval");
      return fail(404);
    });
    expect(await screen.findByRole("heading", { name: "Version 1: Ada" })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Content" })).toHaveTextContent("Good");
    await user.click(screen.getByRole("tab", { name: "Compared with live (v2)" }));
    const vsLive = await screen.findByRole("table", { name: "Compared with live version 2" });
    expect(within(vsLive).getAllByText("Changed")).toHaveLength(2);
    expect(within(vsLive).queryByText("Author")).toBeNull();

    await user.click(screen.getByRole("button", { name: /Restore/ }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Change note"), "The parents preferred it");
    await user.click(within(dialog).getByRole("button", { name: /Restore/ }));
    await waitFor(() => expect(location()).toBe("/app/testimonials/history/3"));
    expect(requests.find((r) => r.method === "POST")).toMatchObject({
      url: "/api/testimonials/3/versions/1/restore",
      body: { note: "The parents preferred it" },
    });
  });
});
