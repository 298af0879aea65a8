import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../../providers/session";
import { retryDelay, sessionAuth } from "../connection";
import { fakeLive } from "./fakeSocket";

afterEach(() => vi.useRealTimers());

const signIn = (token: string, center?: string) => {
  session.setUser({ id: 7, token, fullname: "Rina Manager", user_type: center ? "center_admin" : "superadmin" });
  if (center) session.setCenter({ code: center, assignmentId: 3 });
};

/** What the socket would send in its handshake now (socket.io calls `auth` at every connect). */
const handshake = (options: ReturnType<ReturnType<typeof fakeLive>["options"]>) =>
  new Promise((resolve) => (options!.auth as (cb: (data: object) => void) => void)(resolve));

describe("the live connection", () => {
  it("connects with the spec's settings, and reads the token and center again at every connect", async () => {
    signIn("token-1", "JKT01");
    const live = fakeLive();
    await live.connected();
    expect(live.options()).toMatchObject({
      path: "/socket.io",
      timeout: 20_000,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
    });
    await expect(handshake(live.options())).resolves.toEqual({ token: "token-1", center: "JKT01" });
    // A new password gives a new token: the next reconnect carries it.
    session.setToken("token-2");
    await expect(handshake(live.options())).resolves.toEqual({ token: "token-2", center: "JKT01" });
    session.clear();
    expect(sessionAuth()).toEqual({ token: "", center: null });
  });

  it("is 'reconnecting' only after a lost connection, and says when it is back", async () => {
    signIn("token-1");
    const live = fakeLive();
    const connects: boolean[] = [];
    live.connection.onConnect((again) => connects.push(again));
    live.connection.start();
    live.connection.start();
    expect(live.connection.status()).toBe("connecting");
    await live.connected();
    expect(live.made()).toBe(1);
    expect(live.connection.status()).toBe("connected");
    live.socket.drop("transport close");
    expect(live.connection.status()).toBe("reconnecting");
    // socket.io retries a lost transport itself.
    expect(live.socket.connectCalls).toBe(0);
    live.socket.open();
    expect(live.connection.status()).toBe("connected");
    expect(connects).toEqual([false, true]);
  });

  it("reconnects by itself after the server dropped the socket, but stops when the session is refused", async () => {
    vi.useFakeTimers();
    signIn("token-1");
    const live = fakeLive();
    await live.connected();
    live.socket.send("session:ended", "session ended");
    live.socket.drop("io server disconnect");
    expect(live.connection.status()).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(retryDelay(0, () => 1));
    expect(live.socket.connectCalls).toBe(1);

    live.socket.refuse("unauthorized");
    expect(live.connection.status()).toBe("idle");
    expect(live.socket.disconnectCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(live.socket.connectCalls).toBe(1);
  });

  it("after session:ended asks again at once, and says the session ended when the handshake is refused", async () => {
    vi.useFakeTimers();
    signIn("token-1", "JKT01");
    const live = fakeLive();
    const ended: string[] = [];
    live.connection.onEnded((reason) => ended.push(reason));
    await live.connected();
    live.socket.send("session:ended", "session ended");
    live.socket.drop("io server disconnect");
    // No wait: a tab of an ended session must leave within 2 s.
    expect(live.socket.connectCalls).toBe(1);
    live.socket.refuse("unauthorized");
    expect(ended).toEqual(["unauthorized"]);
    expect(live.connection.status()).toBe("idle");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(live.socket.connectCalls).toBe(1);
  });

  it("a session that goes on (this session's new password) reconnects and is not ended", async () => {
    signIn("token-1");
    const live = fakeLive();
    const ended: string[] = [];
    const connects: boolean[] = [];
    live.connection.onEnded((reason) => ended.push(reason));
    live.connection.onConnect((again) => connects.push(again));
    await live.connected();
    live.socket.send("session:ended", "token expired");
    live.socket.drop("io server disconnect");
    live.socket.open();
    expect(ended).toEqual([]);
    expect(connects).toEqual([false, true]);
    expect(live.connection.status()).toBe("connected");
  });

  it("a refusal of a token renewed since the handshake left is asked again with the new one", async () => {
    signIn("token-1");
    const live = fakeLive();
    const ended: string[] = [];
    live.connection.onEnded((reason) => ended.push(reason));
    await live.connected();
    live.socket.send("session:ended", "session ended");
    live.socket.drop("io server disconnect");
    // The answer to this tab's password change arrives after the server dropped the old token's socket.
    session.setToken("token-2");
    live.socket.refuse("unauthorized");
    expect(ended).toEqual([]);
    expect(live.socket.connectCalls).toBe(2);
    await expect(handshake(live.options())).resolves.toEqual({ token: "token-2", center: null });
    // The new token refused too: that is final.
    live.socket.refuse("unauthorized");
    expect(ended).toEqual(["unauthorized"]);
  });

  it("a refusal that overtakes the answer carrying this session's new token waits for it, then asks again", async () => {
    signIn("token-1");
    const live = fakeLive();
    const ended: string[] = [];
    live.connection.onEnded((reason) => ended.push(reason));
    let answer: (token: string) => void = () => {};
    // Setting up a second factor: the server refuses the old token as soon as it commits.
    const renewed = session.renewToken(new Promise<string>((resolve) => (answer = resolve)), (token) => token);
    await live.connected();
    live.socket.drop("transport close");
    live.socket.refuse("second factor required");
    expect(ended).toEqual([]);
    expect(live.socket.connectCalls).toBe(0);
    answer("token-2");
    await renewed;
    await vi.waitFor(() => expect(live.socket.connectCalls).toBe(1));
    await expect(handshake(live.options())).resolves.toEqual({ token: "token-2", center: null });
    expect(ended).toEqual([]);
  });

  it("a handshake refused after a lost connection (the session ended meanwhile) ends it; a center taken away too", async () => {
    signIn("token-1", "JKT01");
    const live = fakeLive();
    const ended: string[] = [];
    live.connection.onEnded((reason) => ended.push(reason));
    await live.connected();
    live.socket.drop("transport close");
    expect(live.connection.status()).toBe("reconnecting");
    live.socket.refuse("not assigned to this center");
    expect(ended).toEqual(["not assigned to this center"]);
    expect(live.connection.status()).toBe("idle");
  });

  it("a session cleared by another tab's sign-out is ended, not retried", async () => {
    signIn("token-1");
    const live = fakeLive();
    const ended: string[] = [];
    live.connection.onEnded((reason) => ended.push(reason));
    await live.connected();
    session.clear();
    live.socket.send("session:ended", "session ended");
    live.socket.drop("io server disconnect");
    live.socket.refuse("unauthorized");
    expect(ended).toEqual(["unauthorized"]);
  });

  it("tries again after a refusal that is not about the session", async () => {
    vi.useFakeTimers();
    signIn("token-1");
    const live = fakeLive();
    await live.connected();
    live.socket.drop("io server disconnect");
    await vi.advanceTimersByTimeAsync(5_000);
    live.socket.refuse("server unavailable");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(live.socket.connectCalls).toBe(2);
    expect(live.connection.status()).toBe("reconnecting");
  });

  it("hands server events to listeners, and emits only while connected", async () => {
    signIn("token-1");
    const live = fakeLive();
    const unread: number[] = [];
    const stopListening = live.connection.on("notifications:read", (n) => unread.push(n));
    live.connection.start();
    live.connection.emit("presence:join", { resource: "posts", id: 1 });
    await live.connected();
    live.connection.emit("presence:join", { resource: "posts", id: 2 });
    expect(live.socket.emitted).toEqual([["presence:join", { resource: "posts", id: 2 }]]);
    live.socket.send("notifications:read", 3);
    stopListening();
    live.socket.send("notifications:read", 0);
    expect(unread).toEqual([3]);
  });

  it("a stop before socket.io has loaded leaves no socket behind", async () => {
    signIn("token-1");
    const live = fakeLive();
    live.connection.start();
    live.connection.stop();
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(live.socket.disconnectCalls).toBe(1);
    expect(live.socket.attached()).toBe(false);
    expect(live.connection.status()).toBe("idle");
  });

  it("waits 1 s to 5 s between its own retries, randomised by half", () => {
    expect(retryDelay(0, () => 0.5)).toBe(1_000);
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(0, () => 1)).toBe(1_500);
    expect(retryDelay(2, () => 0.5)).toBe(4_000);
    expect(retryDelay(10, () => 1)).toBe(5_000);
    expect(retryDelay(10, () => 0)).toBe(2_500);
  });
});
