// The inbox against a fake API and socket: opening a conversation (and marking it read), sending
// at once with "Not sent" and Retry on failure, canned replies with "/", live messages and typing,
// and the list's empty states.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, ok, type RecordedRequest, type Reply } from "../../../../providers/test/transport";
import { Inbox } from "../Inbox";
import { chatMessage, detail, listReply, ME, renderChats, summary } from "./render";

const SARI = summary(5, "Sari Wulandari", { unread: 2 });
const MICHAEL = summary(6, "Michael Tan", { assignee: { id: 8, name: "Dewi Lestari" } });
const RUDI = summary(7, "Rudi Hartono", { last_activity_at: new Date(Date.now() + 4_000).toISOString() });
const CANNED = [
  { id: 1, center_code: "JKT01", short_code: "hours", text: "Our Kemang center is open Monday to Friday.", updated_at: "2025-01-01T00:00:00.000Z" },
  { id: 2, center_code: "JKT01", short_code: "thanks", text: "Thank you for contacting us!", updated_at: "2025-01-01T00:00:00.000Z" },
  { id: 3, center_code: "JKT01", short_code: "trial", text: "Join a free trial class on Saturday.", updated_at: "2025-01-01T00:00:00.000Z" },
];

/** The API of one center with two conversations; `send` answers the message posts. */
function api(send: (request: RecordedRequest) => Reply | Promise<Reply> = () => fail(500, "Internal error")) {
  return (request: RecordedRequest): Reply | Promise<Reply> => {
    const { method, url } = request;
    if (method === "GET" && url === "/api/chats/conversations") return listReply([SARI, MICHAEL, RUDI], 1);
    if (method === "GET" && url === "/api/chats/unread") return ok({ unread_total: 1 });
    if (method === "GET" && url === "/api/chats/conversations/5") return ok(detail(SARI));
    if (method === "GET" && url === "/api/chats/conversations/5/messages")
      return ok({ docs: [chatMessage(1), chatMessage(2, { kind: "staff", author: ME, text: "Line one\nLine two <b>bold</b>" })], has_more: false });
    if (method === "POST" && url === "/api/chats/conversations/5/read") return ok({ unread_total: 0 });
    if (method === "POST" && url === "/api/chats/conversations/5/messages") return send(request);
    if (method === "GET" && url === "/api/chats/agents") return ok([ME, { id: 8, name: "Dewi Lestari" }]);
    if (method === "GET" && url === "/api/chats/canned-replies") return ok({ docs: CANNED, totalDocs: 3, page: 1, limit: 200, totalPages: 1 });
    return fail(404, `No route for ${method} ${url}`);
  };
}

const thread = () => screen.getByRole("region", { name: "Conversation with Sari Wulandari" });
const composer = () => within(thread()).getByRole("textbox", { name: "Message" });

describe("the inbox", () => {
  it("opens the conversation named in the URL, marks it read, and shows text as text with its line breaks", { timeout: 30_000 }, async () => {
    const { requests, live } = await renderChats(<Inbox />, api(), "/app/customer-chats?conversation=5");
    const list = await screen.findByRole("region", { name: "Conversations" });
    const row = await within(list).findByRole("link", { name: "Sari Wulandari" });
    expect(row).toHaveAttribute("aria-current", "true");
    expect(within(list).getByRole("link", { name: "Michael Tan" })).toHaveAccessibleDescription(/Assigned to Dewi Lestari/);
    // Stamped by a server whose clock runs ahead: received just now, not "in a few seconds".
    expect(within(list).getByRole("link", { name: "Rudi Hartono" })).toHaveAccessibleDescription(/ · just now$/);

    const log = await within(await screen.findByRole("region", { name: "Conversation with Sari Wulandari" })).findByRole("log", { name: "Messages" });
    const text = await within(log).findByText((_, el) => el?.className === "msg__text" && el.textContent === "Line one\nLine two <b>bold</b>");
    expect(text.querySelector("b")).toBeNull();
    expect(within(log).getByText("Today")).toBeInTheDocument();
    // Opened: read, the row's badge gone, the server told which conversation is watched.
    await waitFor(() => expect(requests.some((r) => r.method === "POST" && r.url === "/api/chats/conversations/5/read")).toBe(true));
    await waitFor(() => expect(row).not.toHaveAccessibleDescription(/unread/));
    expect(live.socket.emitted).toContainEqual(["chat:watch", { conversation_id: 5 }]);
    // A link the visitor's browser reported is never a javascript: link.
    expect(screen.getByText("javascript:alert(1)").closest("a")).toBeNull();
    expect(screen.getByRole("link", { name: "https://school.example/kids" })).toHaveAttribute("href", "https://school.example/kids");
  });

  it("shows a message at once while it is sent, keeps it with 'Not sent' and Retry when that fails, and shows it once when it went", {
    timeout: 30_000,
  }, async () => {
    const answers: ((reply: Reply) => void)[] = [];
    const { requests } = await renderChats(
      <Inbox />,
      api(() => new Promise<Reply>((resolve) => answers.push(resolve))),
      "/app/customer-chats?conversation=5",
    );
    const user = userEvent.setup({ delay: null });
    await user.type(
      await within(await screen.findByRole("region", { name: "Conversation with Sari Wulandari" })).findByRole("textbox", { name: "Message" }),
      "Hello Sari{Shift>}{Enter}{/Shift}see you",
    );
    expect(composer()).toHaveValue("Hello Sari\nsee you");
    await user.keyboard("{Enter}");
    expect(composer()).toHaveValue("");

    const pending = await within(thread()).findByText((_, el) => el?.className === "msg__text" && el.textContent === "Hello Sari\nsee you");
    const item = pending.closest("li")!;
    expect(within(item).getByText(/Sending…/)).toBeInTheDocument();
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(requests.find((r) => r.method === "POST" && r.url.endsWith("/messages"))?.body).toEqual({ text: "Hello Sari\nsee you", kind: "reply" });

    await act(async () => answers[0]!(fail(500, "Internal error")));
    expect(await within(item).findByText("Not sent")).toBeInTheDocument();
    expect(within(item).getByRole("alert")).toHaveTextContent("Internal error");

    await user.click(within(item).getByRole("button", { name: "Retry" }));
    expect(within(item).getByText(/Sending…/)).toBeInTheDocument();
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!(ok(chatMessage(9, { kind: "staff", author: ME, text: "Hello Sari\nsee you" }))));
    await waitFor(() => expect(within(thread()).queryByText(/Sending…|Not sent/)).toBeNull());
    expect(within(thread()).getAllByText((_, el) => el?.className === "msg__text" && el.textContent === "Hello Sari\nsee you")).toHaveLength(1);
  });

  it("a note is sent as a note and marked as one", { timeout: 30_000 }, async () => {
    const { requests } = await renderChats(
      <Inbox />,
      api((r) => ok(chatMessage(9, { kind: "note", author: ME, text: (r.body as { text: string }).text }))),
      "/app/customer-chats?conversation=5",
    );
    const user = userEvent.setup({ delay: null });
    await within(await screen.findByRole("region", { name: "Conversation with Sari Wulandari" })).findByRole("textbox", { name: "Message" });
    // antd draws the segmented control over its radios (pointer-events: none in jsdom's styles).
    fireEvent.click(within(thread()).getByRole("radio", { name: "Note" }));
    expect(within(thread()).getByRole("radio", { name: "Note" })).toBeChecked();
    await user.type(composer(), "Call her back tomorrow{Enter}");
    await within(thread()).findByText("Call her back tomorrow");
    await waitFor(() => expect(within(thread()).queryByText(/Sending…/)).toBeNull());
    const note = within(thread()).getByText("Call her back tomorrow").closest("li")!;
    expect(within(note).getByText("Note")).toBeInTheDocument();
    expect(within(note).getByText("only your team sees this")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST" && r.url.endsWith("/messages"))?.body).toEqual({ text: "Call her back tomorrow", kind: "note" });
  });

  it("'/' opens the canned replies: what follows filters, arrows choose, Enter inserts, Escape closes", { timeout: 30_000 }, async () => {
    const { requests } = await renderChats(<Inbox />, api(), "/app/customer-chats?conversation=5");
    const user = userEvent.setup({ delay: null });
    await user.type(
      await within(await screen.findByRole("region", { name: "Conversation with Sari Wulandari" })).findByRole("textbox", { name: "Message" }),
      "/",
    );
    const picker = await within(thread()).findByRole("listbox", { name: "Canned replies" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["/hoursOur Kemang center is open Monday to Friday.", "/thanksThank you for contacting us!", "/trialJoin a free trial class on Saturday."]);
    await user.keyboard("t");
    await waitFor(() => expect(within(picker).getAllByRole("option")).toHaveLength(2));
    const [thanks, trial] = within(picker).getAllByRole("option");
    expect(thanks).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(trial).toHaveAttribute("aria-selected", "true");
    expect(composer()).toHaveAttribute("aria-activedescendant", trial!.id);
    await user.keyboard("{ArrowDown}");
    expect(thanks).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}{Enter}");
    expect(composer()).toHaveValue("Join a free trial class on Saturday.");
    expect(within(thread()).queryByRole("listbox")).toBeNull();
    // Enter inserted; nothing was sent.
    expect(requests.some((r) => r.method === "POST" && r.url.endsWith("/messages"))).toBe(false);

    await user.clear(composer());
    await user.type(composer(), "/h");
    expect(await within(thread()).findByRole("listbox", { name: "Canned replies" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(within(thread()).queryByRole("listbox")).toBeNull();
    expect(composer()).toHaveValue("/h");
    await user.type(composer(), "zz");
    expect(await within(thread()).findByText("No canned reply matches “/hzz”")).toBeInTheDocument();
    // Emptied, the draft is gone (the next test opens the same conversation).
    await user.clear(composer());
  });

  it("adds live messages once, marks them read, says who is typing (not oneself) and sends typing at most every 2 s", { timeout: 30_000 }, async () => {
    const { requests, live } = await renderChats(<Inbox />, api(), "/app/customer-chats?conversation=5");
    const log = await within(await screen.findByRole("region", { name: "Conversation with Sari Wulandari" })).findByRole("log", { name: "Messages" });
    await within(log).findByText("Message 1");
    const reads = () => requests.filter((r) => r.method === "POST" && r.url === "/api/chats/conversations/5/read").length;
    await waitFor(() => expect(reads()).toBe(1));

    live.send("chat:typing", { conversation_id: 5, from: "staff", name: ME.name, id: ME.id });
    expect(within(thread()).queryByText(/is typing/)).toBeNull();
    live.send("chat:typing", { conversation_id: 6, from: "visitor", name: "Michael Tan", id: null });
    expect(within(thread()).queryByText(/is typing/)).toBeNull();
    live.send("chat:typing", { conversation_id: 5, from: "visitor", name: "Sari Wulandari", id: null });
    expect(within(thread()).getByRole("status")).toHaveTextContent("Sari Wulandari is typing…");

    const arrived = chatMessage(3, { text: "Are you there?" });
    live.send("chat:message", arrived);
    live.send("chat:message", arrived);
    expect(within(log).getAllByText("Are you there?")).toHaveLength(1);
    expect(within(thread()).getByRole("status")).toHaveTextContent("");
    await waitFor(() => expect(reads()).toBe(2));
    // Another conversation's message is not read here.
    live.send("chat:message", chatMessage(4, { conversation_id: 6, text: "Hello?" }));
    expect(within(log).queryByText("Hello?")).toBeNull();
    expect(reads()).toBe(2);

    const user = userEvent.setup({ delay: null });
    await user.type(composer(), "Yes, one moment");
    expect(live.socket.emitted.filter(([event]) => event === "chat:typing")).toEqual([["chat:typing", { conversation_id: 5 }]]);
  });

  it("loads earlier messages on request and puts them above, each once", { timeout: 30_000 }, async () => {
    const base = api();
    const { requests } = await renderChats(
      <Inbox />,
      (request) => {
        if (request.url === "/api/chats/conversations/5/messages" && !request.params?.before)
          return ok({ docs: [chatMessage(51), chatMessage(52)], has_more: true });
        if (request.url === "/api/chats/conversations/5/messages") return ok({ docs: [chatMessage(49), chatMessage(50), chatMessage(51)], has_more: false });
        return base(request);
      },
      "/app/customer-chats?conversation=5",
    );
    const log = await within(await screen.findByRole("region", { name: "Conversation with Sari Wulandari" })).findByRole("log", { name: "Messages" });
    await within(log).findByText("Message 52");
    const user = userEvent.setup({ delay: null });
    await user.click(within(thread()).getByRole("button", { name: "Load earlier messages" }));
    await within(log).findByText("Message 49");
    expect(requests.filter((r) => r.url === "/api/chats/conversations/5/messages").map((r) => r.params)).toEqual([{ limit: 50 }, { before: 51, limit: 50 }]);
    expect(
      within(log)
        .getAllByText(/^Message \d+$/)
        .map((el) => el.textContent),
    ).toEqual(["Message 49", "Message 50", "Message 51", "Message 52"]);
    // Nothing earlier is left.
    expect(within(thread()).queryByRole("button", { name: "Load earlier messages" })).toBeNull();
  });

  it("explains an empty center with the widget's snippet, a search without results with Clear, and a failed load with Retry", { timeout: 30_000 }, async () => {
    let failing = true;
    await renderChats(
      <Inbox />,
      ({ url, params }) => {
        if (url === "/api/chats/unread") return ok({ unread_total: 0 });
        if (url !== "/api/chats/conversations") return fail(404);
        if (failing) return fail(500, "Internal error");
        return params?.q === "nobody" ? listReply([]) : listReply([]);
      },
      "/app/customer-chats?q=nobody",
    );
    const list = await screen.findByRole("region", { name: "Conversations" });
    expect(await within(list).findByText("Couldn't load conversations")).toBeInTheDocument();
    failing = false;
    const user = userEvent.setup({ delay: null });
    await user.click(within(list).getByRole("button", { name: "Retry" }));
    expect(await within(list).findByText("No conversations match")).toBeInTheDocument();
    await user.click(within(list).getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/app\/customer-chats$/));
    // No conversation in any status: the line that puts the widget on the center's website.
    expect(await within(list).findByLabelText("Embed snippet")).toHaveTextContent(
      `<script src="${window.location.origin}/widget.js" data-center="JKT01" async></script>`,
    );
    expect(within(list).getByRole("button", { name: /Copy/ })).toBeInTheDocument();
  });
});
