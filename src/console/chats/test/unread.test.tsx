// The unread count (the sidebar's badge, the tab's title): asked of the server, asked again on a
// visitor's message, a changed conversation and a reconnect, and shown as "(N) " before the title.
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fail, ok } from "../../../../providers/test/transport";
import { readsAtOnce, unreadTitle, useChatUnread, useUnreadTitle } from "../unread";
import { chatMessage, renderChats, summary } from "./render";

function Counter() {
  const unread = useChatUnread();
  useUnreadTitle(unread);
  return <output data-testid="unread">{unread}</output>;
}

describe("unread conversations", () => {
  it("puts the count before the title while there is one, replacing an older count, never stacking", () => {
    expect(unreadTitle("Customer Chats · Center Console", 3)).toBe("(3) Customer Chats · Center Console");
    expect(unreadTitle("(3) Customer Chats · Center Console", 12)).toBe("(12) Customer Chats · Center Console");
    expect(unreadTitle("(12) Customer Chats · Center Console", 0)).toBe("Customer Chats · Center Console");
    expect(unreadTitle("Customer Chats", 0)).toBe("Customer Chats");
    // A title that merely starts with a bracket keeps it.
    expect(unreadTitle("(Draft) Notes", 0)).toBe("(Draft) Notes");
  });

  it("marks a message read at once only when it is the visitor's, in the open conversation, with the tab visible", () => {
    const message = { kind: "visitor", conversation_id: 5 };
    expect(readsAtOnce(message, 5, true)).toBe(true);
    expect(readsAtOnce(message, 5, false)).toBe(false);
    expect(readsAtOnce(message, 6, true)).toBe(false);
    expect(readsAtOnce(message, null, true)).toBe(false);
    expect(readsAtOnce({ kind: "staff", conversation_id: 5 }, 5, true)).toBe(false);
    expect(readsAtOnce({ kind: "note", conversation_id: 5 }, 5, true)).toBe(false);
  });

  it("follows the server's count through visitor messages, changed conversations and reconnects, and titles the tab", { timeout: 30_000 }, async () => {
    document.title = "Customer Chats · Center Console";
    let unread = 2;
    const { requests, live, unmount } = await renderChats(<Counter />, ({ url }) => (url === "/api/chats/unread" ? ok({ unread_total: unread }) : fail(404)));
    const asked = () => requests.filter((r) => r.url === "/api/chats/unread").length;
    await waitFor(() => expect(screen.getByTestId("unread")).toHaveTextContent("2"));
    expect(document.title).toBe("(2) Customer Chats · Center Console");
    expect(requests[0]).toMatchObject({ method: "GET", url: "/api/chats/unread", headers: expect.objectContaining({ "X-Center-Code": "JKT01" }) });

    // A staff member's message or a note changes nobody's unread count: not asked again.
    live.send("chat:message", chatMessage(2, { kind: "staff" }));
    live.send("chat:message", chatMessage(3, { kind: "note" }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked()).toBe(1);

    unread = 3;
    live.send("chat:message", chatMessage(4));
    await waitFor(() => expect(screen.getByTestId("unread")).toHaveTextContent("3"));
    expect(document.title).toBe("(3) Customer Chats · Center Console");

    unread = 0;
    live.send("chat:conversation", summary(5, "Sari Wulandari"));
    await waitFor(() => expect(screen.getByTestId("unread")).toHaveTextContent("0"));
    expect(document.title).toBe("Customer Chats · Center Console");

    // Events may have been missed while the socket was away: a reconnect asks again.
    unread = 1;
    const before = asked();
    act(() => live.socket.drop("transport close"));
    act(() => live.socket.open());
    await waitFor(() => expect(asked()).toBe(before + 1));
    await waitFor(() => expect(document.title).toBe("(1) Customer Chats · Center Console"));

    unmount();
    expect(document.title).toBe("Customer Chats · Center Console");
  });
});
