// The reviewer's screens against a fake transport: a queue the test-only testimonials definition
// names, its bulk decisions, and the approval page's decision flow (reason required, the server's
// field message, version sent, on to the next request, 409).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { fail, list, ok, type RecordedRequest } from "../../../../providers/test/transport";
import { preloadScreens, renderConsole } from "../../test/harness";

beforeAll(preloadScreens, 60_000);

const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

const request = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  queue: "testimonial",
  resource: "testimonials",
  record_id: 100 + id,
  center_code: "JKT01",
  center_web_name: "Jakarta Kemang",
  title,
  change: "update",
  status: "pending",
  submitted_by_name: "Demo Content Editor",
  submitted_at: at(50),
  decided_by_name: null,
  decided_at: null,
  reason: null,
  comment: null,
  version: 4,
  image: null,
  proposed: null,
  ...extra,
});

const detail = (extra: Record<string, unknown> = {}) => ({
  ...request(7, "Budi"),
  live: { quote: "Good teachers", author: "Budi", rating: 4, featured: false },
  proposed: { quote: "Great teachers and friendly staff", author: "Budi", rating: 5, featured: false },
  changes: [
    { field: "quote", before: "Good teachers", after: "Great teachers and friendly staff" },
    { field: "rating", before: 4, after: 5 },
  ],
  can_decide: true,
  history: [
    {
      id: 3,
      change: "create",
      status: "approved",
      submitted_by_name: "Demo Content Editor",
      submitted_at: at(300),
      decided_by_name: "Demo Center Manager",
      decided_at: at(290),
      reason: null,
      comment: "Welcome aboard",
    },
  ],
  next_id: 9,
  note: "Updated after the parents' meeting",
  ...extra,
});

const location = () => screen.getByTestId("location").textContent;

describe("a queue named only by a definition", () => {
  it("lists its open requests, oldest first, and decides the selected ones with one reason", { timeout: 60_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderConsole("/app/administration/testimonial-approval", ({ method, url }) => {
      if (method === "GET" && url === "/api/approvals") return list([request(1, "Ada"), request(2, "Budi", { change: "create" })]);
      if (method === "POST" && url === "/api/approvals/bulk") {
        return ok({ succeeded: [1], failed: [{ id: 2, statusCode: 409, message: "This request is no longer open" }] }, "1 rejected, 1 failed");
      }
      return fail(404);
    });

    expect(await screen.findByRole("heading", { name: "Testimonial Approval" })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    expect(await within(table).findByRole("link", { name: "Ada" })).toHaveAttribute("href", "/app/administration/approval-page/1");
    expect(within(table).getByText("Edit")).toBeInTheDocument();
    expect(within(table).getByText("New")).toBeInTheDocument();
    expect(within(table).getAllByText("Demo Content Editor")).toHaveLength(2);
    expect(requests[0]).toMatchObject({ url: "/api/approvals", params: { queue: "testimonial", status: "pending", sort: "submitted_at", page: 1 } });

    // Each row's box is named by its request; one box above the table picks the whole page.
    await user.click(within(table).getByRole("checkbox", { name: "Select Ada" }));
    expect(screen.getByText("1 selected")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select all 2 on this page" }));
    expect(within(table).getByRole("checkbox", { name: "Select Budi" })).toBeChecked();
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Reject selected/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /Reject selected/ }));
    expect(await within(dialog).findByText("Give a reason for the author")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Reason"), "Quotes need the parent's consent");
    await user.click(within(dialog).getByRole("button", { name: /Reject selected/ }));

    expect(await screen.findByText("1 request rejected; 1 could not be decided:")).toBeInTheDocument();
    expect(screen.getByText(/This request is no longer open/)).toBeInTheDocument();
    const bulk = requests.find((r) => r.method === "POST")!;
    expect(bulk.body).toEqual({ action: "reject", ids: [1, 2], reason: "Quotes need the parent's consent" });
  });

  it("says the queue is clear when nothing waits", async () => {
    renderConsole("/app/administration/testimonial-approval", () => list([]));
    expect(await screen.findByText("The queue is clear")).toBeInTheDocument();
  });

  it("searches and switches to decided requests through the URL", { timeout: 30_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderConsole("/app/administration/testimonial-approval", ({ params }) =>
      params?.status === "rejected"
        ? list([request(5, "Citra", { status: "rejected", reason: "Too long", decided_by_name: "Demo Center Manager", decided_at: at(1) })])
        : list([]),
    );
    await screen.findByText("The queue is clear");
    await user.type(screen.getByRole("searchbox", { name: "Search by title" }), "Cit{Enter}");
    await waitFor(() => expect(location()).toBe("/app/administration/testimonial-approval?q=Cit"));
    await user.click(screen.getByRole("tab", { name: "Rejected" }));
    expect(await screen.findByText("Too long")).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ params: { status: "rejected", q: "Cit", sort: "-submitted_at" } });
  });
});

describe("the approval page", () => {
  function serve(decide: (request: RecordedRequest) => ReturnType<typeof ok>, after: () => Record<string, unknown> = () => ({})) {
    let decided = false;
    return renderConsole("/app/administration/approval-page/7", (r) => {
      if (r.method === "GET" && r.url === "/api/approvals/7") return ok(detail(decided ? { status: "approved", ...after() } : {}));
      if (r.method === "POST") {
        const reply = decide(r);
        if (reply.status === 200) decided = true;
        return reply;
      }
      return fail(404);
    });
  }

  it("shows the request, the live and proposed versions with the changes marked, and earlier decisions", async () => {
    serve(() => fail(500));
    expect(await screen.findByRole("heading", { name: "Budi" })).toBeInTheDocument();
    expect(screen.getByText("Updated after the parents' meeting")).toBeInTheDocument();
    expect(screen.getByText("Jakarta Kemang")).toBeInTheDocument();
    const comparison = screen.getByRole("table", { name: "Live and proposed versions" });
    const quote = within(comparison).getByRole("rowheader", { name: /Quote/ }).closest("tr") as HTMLElement;
    expect(within(quote).getByText("Changed")).toBeInTheDocument();
    expect(within(quote).getByText("Good")).toHaveClass("diff-removed");
    expect(within(quote).getByText("Great")).toHaveClass("diff-added");
    const author = within(comparison)
      .getByRole("rowheader", { name: /^Author/ })
      .closest("tr") as HTMLElement;
    expect(within(author).queryByText("Changed")).toBeNull();
    expect(screen.getByText("Welcome aboard")).toBeInTheDocument();
  });

  it("refuses a blank reason, shows the server's field message, and moves on to the next request after approving", { timeout: 30_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = serve(
      ({ url, body }) =>
        url.endsWith("/reject")
          ? fail(400, "Validation failed", { reason: "Say what the author should change" })
          : ok({ ...request(7, "Budi"), status: "approved", comment: (body as { comment?: string }).comment }, "Approved"),
      () => ({ next_id: 9 }),
    );
    await screen.findByRole("heading", { name: "Budi" });

    await user.click(screen.getByRole("button", { name: /Reject/ }));
    let dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /Reject/ }));
    expect(await within(dialog).findByText("Give a reason for the author")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "POST")).toBe(false);
    await user.type(within(dialog).getByLabelText("Reason"), "No");
    await user.click(within(dialog).getByRole("button", { name: /Reject/ }));
    expect(await within(dialog).findByText("Say what the author should change")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST")).toMatchObject({ url: "/api/approvals/7/reject", body: { reason: "No", version: 4 } });
    await user.click(within(dialog).getByRole("button", { name: /Cancel/ }));

    await user.click(screen.getByRole("button", { name: /Approve/ }));
    dialog = await screen.findByRole("dialog", { name: "Approve “Budi”" });
    await user.type(within(dialog).getByLabelText("Comment (optional)"), "Lovely");
    await user.click(within(dialog).getByRole("button", { name: /Approve/ }));
    await waitFor(() => expect(location()).toBe("/app/administration/approval-page/9"));
    expect(requests.filter((r) => r.method === "POST").at(-1)).toMatchObject({ url: "/api/approvals/7/approve", body: { comment: "Lovely", version: 4 } });
  });

  it("goes back to the queue, saying it is clear, when no request is left", { timeout: 30_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    serve(
      () => ok(request(7, "Budi"), "Approved"),
      () => ({ next_id: null }),
    );
    await screen.findByRole("heading", { name: "Budi" });
    await user.click(screen.getByRole("button", { name: /Approve/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /Approve/ }));
    await waitFor(() => expect(location()).toBe("/app/administration/testimonial-approval"));
    expect(await screen.findByText("Queue clear")).toBeInTheDocument();
  });

  it("on a 409 says someone else changed or decided it, and reloads", { timeout: 30_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = serve(() => fail(409, "This request is no longer open"));
    await screen.findByRole("heading", { name: "Budi" });
    await user.click(screen.getByRole("button", { name: /Approve/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /Approve/ }));
    expect(await screen.findByText("This request was changed or decided by someone else")).toBeInTheDocument();
    const loads = requests.filter((r) => r.url === "/api/approvals/7").length;
    await user.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(requests.filter((r) => r.url === "/api/approvals/7").length).toBe(loads + 1));
    expect(location()).toBe("/app/administration/approval-page/7");
  });

  it("shows no decision buttons to someone who may not decide", async () => {
    renderConsole("/app/administration/approval-page/7", () => ok(detail({ can_decide: false })));
    await screen.findByRole("heading", { name: "Budi" });
    expect(screen.queryByRole("button", { name: /Approve/ })).toBeNull();
    expect(screen.getByText(/someone else decides it/)).toBeInTheDocument();
  });
});
