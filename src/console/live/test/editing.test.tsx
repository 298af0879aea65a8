// An edit form while others work on the same record: who else has it open, and what happens when
// someone else saves or deletes it (the socket played by a fake, the API by a fake transport).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ResourceEvent } from "../../../../protocol/realtime";
import { session } from "../../../../providers/session";
import { fail, list, type RecordedRequest } from "../../../../providers/test/transport";
import { remoteChange } from "../changedElsewhere";
import { preloadScreens, renderConsole } from "../../test/harness";
import { fakeLive } from "./fakeSocket";

beforeAll(preloadScreens, 60_000);

const ME = { id: 1, name: "Demo Content Editor" };
const RINA = { id: 2, name: "Rina Manager" };
const ada = {
  id: 3,
  quote: "Great teachers",
  author: "Ada",
  rating: 5,
  featured: false,
  post: null,
  status: "published",
  live_version: 2,
  version: 2,
  review: null,
};

const changed = (type: ResourceEvent["type"], version: number | undefined, by: typeof ME): ResourceEvent => ({
  channel: "resources/testimonials",
  type,
  payload: { ids: [3], ...(version !== undefined ? { version } : {}), center_code: "JKT01", by },
  date: new Date().toISOString(),
});

beforeEach(() => session.setUser({ id: ME.id, token: "token-1", fullname: ME.name, user_type: "superadmin" }));

/** The testimonials list with Ada's record open in its edit drawer. */
async function editAda(record: () => typeof ada | null) {
  const live = fakeLive();
  const { requests } = renderConsole(
    "/app/testimonials",
    ({ url }: RecordedRequest) => {
      const current = record();
      if (url === "/api/testimonials") return list(current ? [current] : []);
      if (url === "/api/testimonials/3") return current ? list([current]) : list([]);
      if (url === "/api/posts") return list([]);
      return fail(404);
    },
    { live: live.connection },
  );
  await live.connected();
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole("button", { name: "Edit Ada" }));
  const drawer = await screen.findByRole("dialog", { name: "Edit testimonial" });
  const quote = await within(drawer).findByLabelText("Quote");
  await waitFor(() => expect(quote).toHaveValue("Great teachers"));
  const loads = (url: string) => requests.filter((r) => r.method === "GET" && r.url === url).length;
  return { live, user, drawer, quote, loads };
}

describe("an edit form", () => {
  it("keeps what the user typed when someone else saves, says who, and reloads only when asked", { timeout: 30_000 }, async () => {
    let record = ada;
    const { live, user, drawer, quote, loads } = await editAda(() => record);
    await user.clear(quote);
    await user.type(quote, "Friendly staff");

    // The user's own save (from this tab or another) and an older version say nothing.
    live.send("live", changed("updated", 3, ME));
    live.send("live", changed("updated", 2, RINA));
    expect(within(drawer).queryByRole("alert")).toBeNull();

    record = { ...ada, quote: "Kind and patient teachers", version: 3 };
    const listLoads = loads("/api/testimonials");
    const recordLoads = loads("/api/testimonials/3");
    live.send("live", changed("updated", 3, RINA));
    const alert = await within(drawer).findByRole("alert");
    expect(alert).toHaveTextContent("Rina Manager changed this testimonial while you were editing");
    // The list behind refreshed by itself; the form did not, and still holds the user's words.
    await waitFor(() => expect(loads("/api/testimonials")).toBeGreaterThan(listLoads));
    expect(loads("/api/testimonials/3")).toBe(recordLoads);
    expect(within(drawer).getByLabelText("Quote")).toHaveValue("Friendly staff");

    await user.click(within(alert).getByRole("button", { name: "Reload" }));
    // (antd names every dialog's title "test-id" under test, so the dialog is found by its text.)
    const confirm = (await screen.findAllByText("Reload and discard your changes?"))[0]!.closest("[role=dialog]") as HTMLElement;
    await user.click(within(confirm).getByRole("button", { name: "Reload" }));
    // (A reset form renders its inputs anew.)
    await waitFor(() => expect(within(drawer).getByLabelText("Quote")).toHaveValue("Kind and patient teachers"));
    expect(loads("/api/testimonials/3")).toBe(recordLoads + 1);
    await waitFor(() => expect(within(drawer).queryByRole("alert")).toBeNull());
  });

  it("says when someone else deleted the record", { timeout: 30_000 }, async () => {
    const { live, drawer } = await editAda(() => ada);
    live.send("live", changed("deleted", undefined, RINA));
    expect(await within(drawer).findByRole("alert")).toHaveTextContent("Rina Manager deleted this testimonial while you were editing");
  });

  it("after a lost connection, reads the record's version once and warns if it moved on meanwhile", { timeout: 30_000 }, async () => {
    let record = ada;
    const { live, drawer, loads } = await editAda(() => record);
    act(() => live.socket.drop("transport close"));
    record = { ...ada, version: 4, updated_by: RINA.id, updated_by_name: RINA.name } as typeof ada;
    const before = loads("/api/testimonials/3");
    act(() => live.socket.open());
    expect(await within(drawer).findByRole("alert")).toHaveTextContent("Rina Manager changed this testimonial while you were editing");
    expect(loads("/api/testimonials/3")).toBe(before + 1);
  });

  it("shows who else has it open, joins on open and after a reconnect, and leaves on close", { timeout: 30_000 }, async () => {
    const { live, user, drawer } = await editAda(() => ada);
    const joins = () => live.socket.emitted.filter(([event]) => event === "presence:join");
    expect(joins()).toEqual([["presence:join", { resource: "testimonials", id: 3 }]]);

    live.send("presence", { resource: "testimonials", id: 3, viewers: [ME, RINA] });
    const group = within(drawer).getByRole("group", { name: "Also editing: Rina Manager" });
    expect(within(group).getByText("RM")).toBeInTheDocument();
    // Another record's presence is not this one's.
    live.send("presence", { resource: "testimonials", id: 4, viewers: [ME] });
    expect(within(drawer).getByRole("group", { name: "Also editing: Rina Manager" })).toBeInTheDocument();

    live.send("presence", { resource: "testimonials", id: 3, viewers: [ME] });
    expect(within(drawer).queryByRole("group", { name: /Also editing/ })).toBeNull();

    act(() => live.socket.drop("transport close"));
    act(() => live.socket.open());
    expect(joins()).toHaveLength(2);

    await user.click(within(drawer).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(live.socket.emitted.at(-1)).toEqual(["presence:leave", { resource: "testimonials", id: 3 }]));
  });
});

describe("remoteChange", () => {
  const event = (type: string, version?: number, by?: typeof ME) => ({ type, payload: { ids: [3], version, by } });

  it("is someone else's update past the loaded version, or their deletion", () => {
    expect(remoteChange(event("updated", 5, RINA), ME.id, 4)).toEqual({ kind: "updated", by: RINA, version: 5 });
    expect(remoteChange(event("deleted", undefined, RINA), ME.id, 4)).toEqual({ kind: "deleted", by: RINA });
    // A reviewer's decision carries no version: the record moved on all the same.
    expect(remoteChange(event("updated", undefined, RINA), ME.id, 4)).toMatchObject({ kind: "updated", by: RINA });
  });

  it("is nothing for the user's own save, an older or equal version, or a creation", () => {
    expect(remoteChange(event("updated", 5, ME), ME.id, 4)).toBeNull();
    expect(remoteChange(event("deleted", undefined, ME), ME.id, 4)).toBeNull();
    expect(remoteChange(event("updated", 4, RINA), ME.id, 4)).toBeNull();
    expect(remoteChange(event("created", 1, RINA), ME.id, 4)).toBeNull();
  });
});
