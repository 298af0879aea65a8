// The notification centre against a fake transport and a fake socket: the count on the bell, the
// drawer's list, marking read (one, all), following a link, and live additions.
import { FeedbackProvider } from "../../feedback/Feedback";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import type { NotificationItem } from "../../../../protocol/realtime";
import { createDataProvider } from "../../../../providers/dataProvider";
import { createHttpClient } from "../../../../providers/http";
import { createLoader } from "../../../../providers/loader";
import { fail, fakeTransport, ok, type RecordedRequest, type Reply } from "../../../../providers/test/transport";
import { LiveContext } from "../../live/context";
import { fakeLive } from "../../live/test/fakeSocket";
import { safeLink } from "../api";
import { NotificationBell } from "../NotificationBell";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const item = (id: number, title: string, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  kind: "approved",
  title,
  body: `Body of ${title}`,
  link: `/app/posts/history/${id}`,
  resource: "posts",
  record_id: id,
  center_code: "JKT01",
  actor: { id: 2, name: "Rina Manager" },
  created_at: minutesAgo(id),
  read_at: null,
  ...extra,
});
const page = (docs: NotificationItem[], unread: number): Reply => ok({ docs, totalDocs: docs.length, page: 1, limit: 20, totalPages: 1, unread });

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

async function renderBell(route: (request: RecordedRequest) => Reply) {
  const { adapter, requests } = fakeTransport(route);
  const dataProvider = createDataProvider(createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 }));
  const live = fakeLive();
  render(
    <MemoryRouter initialEntries={["/app/welcome"]}>
      <LiveContext.Provider value={live.connection}>
        <FeedbackProvider>
          <Refine dataProvider={dataProvider} routerProvider={routerProvider} options={{ disableTelemetry: true }}>
            <NotificationBell />
            <Where />
          </Refine>
        </FeedbackProvider>
      </LiveContext.Provider>
    </MemoryRouter>,
  );
  await live.connected();
  return { requests, live, user: userEvent.setup({ delay: null }) };
}

const bell = () => screen.getByRole("button", { name: "Notifications" });

describe("the notification bell", () => {
  it("shows the unread count, lists newest first, and opening one marks it read and goes to its page", { timeout: 30_000 }, async () => {
    let unread = 2;
    const { requests, user } = await renderBell(({ method, url }) => {
      if (method === "GET" && url === "/api/notifications")
        return page([item(1, "Your post was approved"), item(5, "Career rejected"), item(9, "Old news", { read_at: minutesAgo(1) })], unread);
      if (method === "POST" && url === "/api/notifications/5/read") {
        unread = 1;
        return ok({ unread });
      }
      return fail(404);
    });
    await waitFor(() => expect(bell()).toHaveAccessibleDescription("2 unread"));
    expect(requests[0]).toMatchObject({ url: "/api/notifications", params: { page: 1, limit: 20 } });

    await user.click(bell());
    const drawer = await screen.findByRole("dialog", { name: "Notifications" });
    const entries = within(drawer).getAllByRole("listitem");
    expect(entries.map((e) => within(e).getByRole("button").textContent)).toEqual([
      expect.stringMatching(/^Unread: Your post was approved.*a minute ago$/),
      expect.stringMatching(/^Unread: Career rejected.*5 minutes ago$/),
      expect.stringMatching(/^Old news/),
    ]);
    // Opening the drawer read the list again.
    expect(requests.filter((r) => r.url === "/api/notifications")).toHaveLength(2);

    await user.click(within(drawer).getByRole("button", { name: /Career rejected/ }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/app/posts/history/5"));
    expect(requests.find((r) => r.method === "POST")).toMatchObject({ url: "/api/notifications/5/read" });
    await waitFor(() => expect(bell()).toHaveAccessibleDescription("1 unread"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Notifications" })).toBeNull());
  });

  it("marks all as read, and says so when nothing is left", { timeout: 30_000 }, async () => {
    let read = false;
    const { requests, user } = await renderBell(({ method, url }) => {
      if (method === "GET") return read ? page([], 0) : page([item(1, "Your post was approved")], 1);
      if (method === "POST" && url === "/api/notifications/read-all") {
        read = true;
        return ok({ unread: 0 });
      }
      return fail(404);
    });
    await waitFor(() => expect(bell()).toHaveAccessibleDescription("1 unread"));
    await user.click(bell());
    const drawer = await screen.findByRole("dialog", { name: "Notifications" });
    await within(drawer).findByText("Your post was approved");
    await user.click(within(drawer).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(bell()).not.toHaveAccessibleDescription());
    expect(requests.filter((r) => r.method === "POST").map((r) => r.url)).toEqual(["/api/notifications/read-all"]);
    expect(within(drawer).queryByText("Unread:", { exact: false })).toBeNull();
    expect(within(drawer).getByRole("button", { name: "Mark all as read" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Close" }));
    await user.click(bell());
    expect(await within(screen.getByRole("dialog", { name: "Notifications" })).findByText("You're all caught up")).toBeInTheDocument();
  });

  it("puts a new notification at the top as it arrives, and follows the count read elsewhere", { timeout: 30_000 }, async () => {
    const { live, user, requests } = await renderBell(({ method }) => (method === "GET" ? page([item(1, "Your post was approved")], 1) : fail(404)));
    await waitFor(() => expect(bell()).toHaveAccessibleDescription("1 unread"));
    await user.click(bell());
    const drawer = await screen.findByRole("dialog", { name: "Notifications" });
    await within(drawer).findByText("Your post was approved");
    await waitFor(() => expect(requests).toHaveLength(2));

    live.send("notification", item(12, "New change to review", { kind: "request", created_at: new Date().toISOString() }), 2);
    // (react-query tells its observers a tick later.)
    await waitFor(() => expect(bell()).toHaveAccessibleDescription("2 unread"));
    expect(
      within(drawer)
        .getAllByRole("listitem")
        .map((e) => within(e).getByRole("button").textContent),
    ).toEqual([expect.stringMatching(/^Unread: New change to review/), expect.stringMatching(/^Unread: Your post was approved/)]);

    live.send("notifications:read", 0);
    await waitFor(() => expect(bell()).not.toHaveAccessibleDescription());
    expect(within(drawer).queryByText("Unread:", { exact: false })).toBeNull();
    // Both came with the events: nothing was read again.
    expect(requests).toHaveLength(2);
  });

  it("follows only the console's own paths", () => {
    expect(safeLink("/app/posts/history/5")).toBe("/app/posts/history/5");
    expect(safeLink("//evil.example/app")).toBeNull();
    expect(safeLink("https://evil.example/app")).toBeNull();
    expect(safeLink("/\\evil.example")).toBeNull();
    expect(safeLink(undefined)).toBeNull();
  });
});
