// @vitest-environment jsdom
// The chat widget's DOM, in jsdom: the loader's bubble in a website's page (widget/loader.ts) and
// the frame's screens (widget/frame/app.ts) against a fake API and socket. What the browser tests
// find by role and label is named here the same way. Serving is tested by widget.test.ts.
import { fireEvent, screen, waitFor, within } from "@testing-library/dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VisitorMessage } from "../../protocol/chat.js";
import { startFrame } from "../../widget/frame/app.js";
import type { VisitorEvents, VisitorSocket } from "../../widget/frame/socket.js";
import { mountWidget } from "../../widget/loader.js";

const win = window as Window & typeof globalThis;

describe("the loader in a website's page", () => {
  let touched: string[];
  let spies: { mockRestore(): void }[];

  function addScript(attributes: Record<string, string>): HTMLScriptElement {
    const script = document.createElement("script");
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    document.head.append(script);
    return script;
  }
  const host = () => document.querySelector("cc-chat-widget")!;
  const shadow = () => host().shadowRoot!;
  // Testing Library queries any node with querySelectorAll, a shadow root too.
  const inShadow = () => within(shadow() as unknown as HTMLElement);
  const bubble = (name = "Chat with us") => inShadow().getByRole("button", { name });
  const frame = () => shadow().querySelector("iframe");

  beforeEach(() => {
    document.head.replaceChildren();
    document.body.replaceChildren();
    touched = [];
    // The page's cookies and storage are the website's: the loader must not touch them.
    spies = [
      vi.spyOn(document, "cookie", "get").mockImplementation(() => (touched.push("cookie"), "")),
      vi.spyOn(document, "cookie", "set").mockImplementation(() => void touched.push("cookie")),
      vi.spyOn(window, "localStorage", "get").mockImplementation(() => (touched.push("localStorage"), null as never)),
      vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => (touched.push("sessionStorage"), null as never)),
    ];
  });
  afterEach(() => {
    for (const spy of spies) spy.mockRestore();
    expect(touched).toEqual([]);
  });

  it("draws only a bubble, loading nothing until it is clicked", () => {
    mountWidget(win, addScript({ src: "https://console.example/widget.js", "data-center": "JKT01" }));
    const button = bubble();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.tagName).toBe("BUTTON");
    expect(frame()).toBeNull();
    expect(document.querySelectorAll("iframe, link, script[src*='frame']")).toHaveLength(0);
  });

  it("opens the conversation in an iframe on the script's origin, toggles it, and closes on Escape", () => {
    window.history.replaceState(null, "", "/kursus?utm=1#section");
    mountWidget(win, addScript({ src: "https://console.example/widget.js", "data-center": "JKT01" }));
    const button = bubble();
    fireEvent.click(button);
    const iframe = inShadow().getByTitle("Chat") as HTMLIFrameElement;
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe(iframe.id);
    const src = new URL(iframe.src);
    expect(src.origin + src.pathname).toBe("https://console.example/widget/frame");
    expect(Object.fromEntries(src.searchParams)).toEqual({
      center: "JKT01",
      lang: "en",
      page: `${location.origin}/kursus?utm=1`,
      referrer: "",
    });
    expect(iframe.hidden).toBe(false);

    fireEvent.click(button);
    expect(iframe.hidden).toBe(true);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(shadow().querySelectorAll("iframe")).toHaveLength(1);
    expect(iframe.hidden).toBe(false);

    fireEvent.keyDown(button, { key: "Escape" });
    expect(iframe.hidden).toBe(true);
    expect(shadow().activeElement).toBe(button);
  });

  it("closes when its frame asks, shows unread replies, and ignores messages from anyone else", () => {
    mountWidget(win, addScript({ src: "https://console.example/widget.js", "data-center": "JKT01" }));
    fireEvent.click(bubble());
    const iframe = frame()!;
    const post = (data: unknown, origin = "https://console.example", source: MessageEventSource | null = iframe.contentWindow) =>
      window.dispatchEvent(new MessageEvent("message", { data, origin, source }));

    post({ cc: "chat", type: "close" }, "https://evil.example");
    post({ cc: "chat", type: "close" }, "https://console.example", window);
    expect(iframe.hidden).toBe(false);
    post({ cc: "chat", type: "close" });
    expect(iframe.hidden).toBe(true);

    post({ cc: "chat", type: "unread", count: 2 });
    const badge = shadow().querySelector(".n") as HTMLElement;
    expect(badge.hidden).toBe(false);
    expect(badge.textContent).toBe("2");
    expect(badge.getAttribute("aria-hidden")).toBe("true");
    fireEvent.click(bubble());
    expect(badge.hidden).toBe(true);
  });

  it("speaks Indonesian when told, sits left when told, and draws one bubble however often it is included", () => {
    const script = addScript({ src: "https://console.example/widget.js", "data-center": "JKT01", "data-lang": "id", "data-position": "left" });
    mountWidget(win, script);
    mountWidget(win, script);
    expect(document.querySelectorAll("cc-chat-widget")).toHaveLength(1);
    expect(bubble("Chat dengan kami")).toBeTruthy();
    expect(shadow().querySelector(".w")!.className).toBe("w l");
    fireEvent.click(bubble("Chat dengan kami"));
    expect(new URL(frame()!.src).searchParams.get("lang")).toBe("id");
  });

  it("does nothing without data-center", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mountWidget(win, addScript({ src: "https://console.example/widget.js" }));
    expect(host()).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("widget.js finds its own tag when it runs", async () => {
    addScript({ src: "https://console.example/widget.js", "data-center": "BDG01", async: "" });
    await import("../../widget/widget.js");
    fireEvent.click(bubble());
    expect(new URL(frame()!.src).searchParams.get("center")).toBe("BDG01");
  });
});

// ---- The frame

interface Call {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
  language: string | null;
}
type Reply = { status: number; body?: unknown };
type Route = (call: Call) => Reply | undefined;

const CENTER = { center_code: "JKT01", center_name: "Jakarta Kemang", opening_hours: "Mon–Fri 09:00–18:00" };
const ok = (data: unknown): Reply => ({ status: 200, body: { statusCode: 200, data } });
const fail = (status: number, message = "Nope", errors?: Record<string, string>): Reply => ({ status, body: { statusCode: status, message, errors } });

let nextId = 100;
const message = (kind: "visitor" | "staff", text: string, extra: Partial<VisitorMessage> = {}): VisitorMessage => ({
  id: ++nextId,
  kind,
  text,
  attachment: null,
  author_name: kind === "staff" ? "Rina" : null,
  created_at: new Date().toISOString(),
  ...extra,
});

function fakeSocket() {
  const listeners = new Map<string, (...args: never[]) => void>();
  const socket = {
    typed: 0,
    closed: false,
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, listener);
    },
    typing() {
      socket.typed += 1;
    },
    close() {
      socket.closed = true;
    },
    emit<E extends keyof VisitorEvents>(event: E, ...args: Parameters<VisitorEvents[E]>) {
      (listeners.get(event) as ((...a: unknown[]) => void) | undefined)?.(...args);
    },
  };
  return socket;
}

/** Starts the frame at /widget/frame?<query> against `routes` (first answer wins; else a 500). */
function openFrame(routes: Route[], query = "center=JKT01&lang=en&page=https%3A%2F%2Fschool.example%2Fkursus&referrer=https%3A%2F%2Fgoogle.com%2F") {
  window.history.replaceState(null, "", `/widget/frame?${query}`);
  document.body.replaceChildren(Object.assign(document.createElement("div"), { id: "app" }));
  const calls: Call[] = [];
  const socket = fakeSocket();
  const connected: string[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method: init.method ?? "GET",
      path: url.pathname + url.search,
      token: headers["X-Visitor-Token"] ?? null,
      language: headers["accept-language"] ?? null,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const reply = routes.map((route) => route(call)).find(Boolean) ?? fail(500, "Internal");
    if (reply.status === 0) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status, headers: { "content-type": "application/json" } });
  };
  startFrame({
    window: win,
    fetch: fetch as typeof globalThis.fetch,
    connect: async (token) => {
      connected.push(token);
      return socket as unknown as VisitorSocket;
    },
  });
  return { calls, socket, connected };
}

const on =
  (method: string, path: string | RegExp, reply: Reply | ((call: Call) => Reply)): Route =>
  (call) =>
    call.method === method && (typeof path === "string" ? call.path === path : path.test(call.path))
      ? typeof reply === "function"
        ? reply(call)
        : reply
      : undefined;
const centerRoute = on("GET", "/api/public/chat/JKT01", ok(CENTER));
const history = (messages: VisitorMessage[], extra: Record<string, unknown> = {}) =>
  ok({ conversation: { id: 7, number: 12, status: "open", ...CENTER }, messages, has_more: false, ...extra });
const log = () => screen.getByRole("log", { name: "Conversation" });

describe("the frame", () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it("says the chat is not available for an unknown center", async () => {
    openFrame([on("GET", "/api/public/chat/XX99", fail(404, "Unknown center"))], "center=XX99&lang=en");
    expect(await screen.findByRole("heading", { name: "This chat is not available" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
  });

  it("shows the start form with the center's name and opening hours, and checks it before sending", async () => {
    const { calls } = openFrame([centerRoute]);
    expect(await screen.findByRole("heading", { name: "Jakarta Kemang" })).toBeTruthy();
    expect(screen.getByLabelText("Name")).toBeTruthy();
    expect(screen.getByLabelText("Email or phone (optional)")).toBeTruthy();
    expect(screen.getByLabelText("Message")).toBeTruthy();
    expect(screen.getByText("We usually reply during opening hours: Mon–Fri 09:00–18:00")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));

    fireEvent.input(screen.getByLabelText("Email or phone (optional)"), { target: { value: "budi@" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByText("Please enter your name")).toBeTruthy();
    expect(screen.getByText("Enter an email address or a phone number")).toBeTruthy();
    expect(screen.getByText("Please write a message")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Name").getAttribute("aria-describedby")).toBe("cc-name-error");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  function fillStart(name: string, contact: string, text: string) {
    fireEvent.input(screen.getByLabelText("Name"), { target: { value: name } });
    fireEvent.input(screen.getByLabelText("Email or phone (optional)"), { target: { value: contact } });
    fireEvent.input(screen.getByLabelText("Message"), { target: { value: text } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
  }

  it("shows the server's field errors beside the fields, and a 429 as too many messages", async () => {
    let answer = fail(400, "Validation failed", { phone: "must be a phone number", name: "must be at most 120 characters" });
    openFrame([centerRoute, on("POST", "/api/public/chat/JKT01/conversations", () => answer)]);
    await screen.findByLabelText("Name");
    fillStart("Budi", "0812345678", "Halo");
    expect(await screen.findByText("must be a phone number")).toBeTruthy();
    expect(screen.getByText("must be at most 120 characters")).toBeTruthy();
    expect(screen.getByLabelText("Email or phone (optional)").getAttribute("aria-invalid")).toBe("true");

    answer = fail(429, "Too Many Requests");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Too many messages, try again in a minute")).toBeTruthy();
    expect(screen.getByLabelText("Email or phone (optional)").hasAttribute("aria-invalid")).toBe(false);
  });

  it("starts a conversation, keeps its token in the frame's storage, and shows the thread as text", async () => {
    const first = message("visitor", "<img src=x onerror=alert(1)><b>Halo</b>\nsecond line");
    const { calls, connected } = openFrame([
      centerRoute,
      on("POST", "/api/public/chat/JKT01/conversations", ok({ token: "tok-1", conversation: { id: 7, number: 12, status: "open" }, messages: [first] })),
    ]);
    await screen.findByLabelText("Name");
    fillStart(" Budi ", "budi@example.com", "<img src=x onerror=alert(1)><b>Halo</b>\nsecond line");
    await waitFor(() => log());
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      name: "Budi",
      email: "budi@example.com",
      message: "<img src=x onerror=alert(1)><b>Halo</b>\nsecond line",
      language: "en",
      page: "https://school.example/kursus",
      referrer: "https://google.com/",
    });
    expect(window.localStorage.getItem("cc.chat.JKT01")).toBe("tok-1");
    expect(log().getAttribute("aria-live")).toBe("polite");
    expect(log().textContent).toContain("<img src=x onerror=alert(1)><b>Halo</b>\nsecond line");
    expect(log().querySelector("img, b")).toBeNull();
    expect(screen.getByRole("heading", { name: "Jakarta Kemang" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    await waitFor(() => expect(connected).toEqual(["tok-1"]));
  });

  it("resumes a stored conversation, loads earlier messages, and follows the socket", async () => {
    window.localStorage.setItem("cc.chat.JKT01", "tok-2");
    const older = message("visitor", "older question");
    const reply = message("staff", "Welcome! See https://school.example/fees.");
    const { calls, socket } = openFrame([
      on(
        "GET",
        `/api/public/chat/conversation?before=${reply.id}`,
        ok({ conversation: { id: 7, number: 12, status: "open", ...CENTER }, messages: [older], has_more: false }),
      ),
      on("GET", "/api/public/chat/conversation", history([reply], { has_more: true })),
    ]);
    await waitFor(() => log());
    expect(calls[0]).toMatchObject({ path: "/api/public/chat/conversation", token: "tok-2" });
    expect(within(log()).getByText("Rina")).toBeTruthy();
    const link = within(log()).getByRole("link", { name: "https://school.example/fees" });
    expect(link.getAttribute("href")).toBe("https://school.example/fees");
    expect(link.getAttribute("rel")).toContain("noopener");

    fireEvent.click(screen.getByRole("button", { name: "Load earlier messages" }));
    await waitFor(() => expect(log().textContent).toContain("older question"));
    expect(log().textContent!.indexOf("older question")).toBeLessThan(log().textContent!.indexOf("Welcome!"));
    expect(screen.queryByRole("button", { name: "Load earlier messages" })).toBeNull();

    await new Promise((r) => setTimeout(r, 0));
    socket.emit("chat:typing", { name: "Rina" });
    expect(screen.getByText("Rina is typing…")).toBeTruthy();
    const next = message("staff", "We open at 9.");
    socket.emit("chat:message", next);
    socket.emit("chat:message", next);
    expect(within(log()).getAllByText("We open at 9.")).toHaveLength(1);
    expect(screen.queryByText("Rina is typing…")).toBeNull();

    socket.emit("chat:status", { status: "resolved" });
    expect(screen.getByText("This conversation was closed. Write again to reopen it.")).toBeTruthy();
  });

  it("sends with Enter (not Shift+Enter), marks a failed send, and retries it", async () => {
    window.localStorage.setItem("cc.chat.JKT01", "tok-3");
    let sendReply: Reply = { status: 0 };
    const { calls, socket } = openFrame([
      on("GET", "/api/public/chat/conversation", history([])),
      on("POST", "/api/public/chat/conversation/messages", (call) =>
        sendReply.status === 200 ? ok(message("visitor", (call.body as { text: string }).text)) : sendReply,
      ),
    ]);
    const composer = await screen.findByLabelText("Message");
    await new Promise((r) => setTimeout(r, 0));

    fireEvent.input(composer, { target: { value: "Jam buka?" } });
    fireEvent.input(composer, { target: { value: "Jam buka?!" } });
    expect(socket.typed).toBe(1);
    fireEvent.keyDown(composer, { key: "Enter", shiftKey: true });
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    fireEvent.keyDown(composer, { key: "Enter" });
    expect((composer as HTMLTextAreaElement).value).toBe("");

    const retry = await within(log()).findByRole("button", { name: "Retry" });
    expect(log().textContent).toContain("Not sent");
    expect(calls.find((c) => c.method === "POST")).toMatchObject({ token: "tok-3", body: { text: "Jam buka?!" } });

    sendReply = { status: 200 };
    fireEvent.click(retry);
    await waitFor(() => expect(log().querySelector("time")).toBeTruthy());
    expect(within(log()).queryByRole("button", { name: "Retry" })).toBeNull();
    expect(within(log()).getAllByText("Jam buka?!")).toHaveLength(1);

    sendReply = fail(429, "Too Many Requests");
    fireEvent.input(composer, { target: { value: "again" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await within(log()).findByText(/Too many messages, try again in a minute/)).toBeTruthy();
  });

  it("counts characters near the limit", async () => {
    window.localStorage.setItem("cc.chat.JKT01", "tok-4");
    openFrame([on("GET", "/api/public/chat/conversation", history([]))]);
    const composer = (await screen.findByLabelText("Message")) as HTMLTextAreaElement;
    expect(composer.maxLength).toBe(4000);
    fireEvent.input(composer, { target: { value: "x".repeat(3990) } });
    expect(screen.getByText("10 characters left")).toBeTruthy();
  });

  it("shows the opening hours when the visitor's message has waited two minutes", async () => {
    window.localStorage.setItem("cc.chat.JKT01", "tok-5");
    const waiting = message("visitor", "Halo?", { created_at: new Date(Date.now() - 5 * 60_000).toISOString() });
    openFrame([on("GET", "/api/public/chat/conversation", history([waiting]))]);
    expect(await screen.findByText("We usually reply during opening hours: Mon–Fri 09:00–18:00")).toBeTruthy();
  });

  it("forgets a token the server no longer knows and starts over", async () => {
    window.localStorage.setItem("cc.chat.JKT01", "tok-old");
    openFrame([on("GET", "/api/public/chat/conversation", fail(401, "Unauthorized")), centerRoute]);
    expect(await screen.findByLabelText("Name")).toBeTruthy();
    expect(window.localStorage.getItem("cc.chat.JKT01")).toBeNull();
  });

  it("speaks Indonesian, and asks the server for its messages in it", async () => {
    const { calls } = openFrame([centerRoute], "center=JKT01&lang=id");
    expect(await screen.findByLabelText("Nama")).toBeTruthy();
    expect(screen.getByLabelText("Email atau nomor telepon (opsional)")).toBeTruthy();
    expect(screen.getByLabelText("Pesan")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Kirim" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("id");
    expect(calls.map((c) => c.language)).toEqual(calls.map(() => "id"));
    expect(calls.length).toBeGreaterThan(0);
  });
});
