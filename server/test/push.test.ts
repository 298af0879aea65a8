// Push: tokens registered per session, notifications sent in batches of at most 500, dead tokens
// pruned, passing failures retried; the Firebase sender's mapping of FCM's answers; the settings.
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BatchResponse } from "firebase-admin/messaging";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { FakePushSender } from "../push/fake.js";
import { connectFirebase, firebaseSender, verdict } from "../push/firebase.js";
import type { PushSender } from "../push/sender.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
const fake = new FakePushSender();
/** Set by a test to stand in for the fake; reset after each. */
let override: PushSender | undefined;
const sender: PushSender = { send: (tokens, message) => (override ?? fake).send(tokens, message) };
const tokens = { superadmin: "", manager: "", editor: "" };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp({ push: { sender, retryBaseMs: 5, attempts: 4 } });
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
  const { rows } = await t.db.query<{ id: number; username: string }>("SELECT id, username FROM users");
  for (const u of rows) ids[u.username] = u.id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.notifications.whenIdle();
  fake.reset();
  override = undefined;
  await t.db.query("DELETE FROM push_tokens");
});

let n = 0;
/** The editor submits a post and the manager approves it: the editor is pushed "Your post was approved". */
async function approvedPost() {
  n += 1;
  const created = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: bearer(tokens.editor, "JKT01"),
    payload: { title: `Pushed post ${n}`, slug: `pushed-post-${n}`, type: "news", content: "<p>Body</p>" },
  });
  const doc = created.json().data as { id: number; title: string; review: { id: number } };
  const approved = await t.app.inject({
    method: "POST",
    url: `/api/approvals/${doc.review.id}/approve`,
    headers: bearer(tokens.manager, "JKT01"),
    payload: {},
  });
  expect(approved.statusCode).toBe(200);
  await t.app.notifications.whenIdle();
  return doc;
}
const approvals = () => fake.sent.filter((b) => b.message.title === "Your post was approved");

async function giveTokens(user: number, count: number, prefix = "tok") {
  await t.db.query("INSERT INTO push_tokens (user_id, fcm_token) SELECT $1, $2 || '-' || i FROM generate_series(1, $3::int) AS i", [user, prefix, count]);
}
const tokenCount = async (user: number) =>
  (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM push_tokens WHERE user_id = $1", [user])).rows[0]!.n;

describe("sending", () => {
  it("pushes a notification to every browser of its user, in batches of at most 500", async () => {
    await giveTokens(ids.editor!, 1_201);
    const doc = await approvedPost();
    const batches = approvals();
    expect(batches.map((b) => b.tokens.length)).toEqual([500, 500, 201]);
    expect(new Set(batches.flatMap((b) => b.tokens)).size).toBe(1_201);
    expect(batches[0]!.message).toEqual({ title: "Your post was approved", body: doc.title, url: `/app/posts/history/${doc.id}`, tag: `posts-${doc.id}` });
  });

  it("sends the reviewers of a request one message together", async () => {
    await giveTokens(ids.manager!, 2, "manager");
    await giveTokens(ids.superadmin!, 1, "superadmin");
    await approvedPost();
    const requests = fake.sent.filter((b) => b.message.title.startsWith("New change to review"));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.tokens.sort()).toEqual(["manager-1", "manager-2", "superadmin-1"]);
  });

  it("deletes the tokens the service calls unregistered and keeps the rest", async () => {
    await giveTokens(ids.editor!, 3);
    fake.unregistered.add("tok-2");
    await approvedPost();
    const { rows } = await t.db.query("SELECT fcm_token FROM push_tokens WHERE user_id = $1 ORDER BY fcm_token", [ids.editor]);
    expect(rows.map((r) => r.fcm_token)).toEqual(["tok-1", "tok-3"]);
  });

  it("retries tokens that failed for now, with backoff, then gives up and keeps them", async () => {
    await giveTokens(ids.editor!, 3);
    fake.unavailable.set("tok-1", 2);
    fake.unavailable.set("tok-2", 100);
    await approvedPost();
    const to = (token: string) => approvals().filter((b) => b.tokens.includes(token)).length;
    expect(to("tok-1")).toBe(3);
    expect(to("tok-2")).toBe(4);
    expect(to("tok-3")).toBe(1);
    // A retry sends only the tokens that failed.
    expect(
      approvals()
        .slice(1)
        .every((b) => !b.tokens.includes("tok-3")),
    ).toBe(true);
    expect(await tokenCount(ids.editor!)).toBe(3);
  });

  it("never fails the write when the push service does, and tries again", async () => {
    await giveTokens(ids.editor!, 1);
    let calls = 0;
    override = {
      async send() {
        calls += 1;
        throw new Error("push service down");
      },
    };
    await approvedPost();
    // Each message tried once plus three retries; the approval answered 200 regardless.
    expect(calls).toBe(4);
    expect(await tokenCount(ids.editor!)).toBe(1);
  });
});

describe("tokens", () => {
  const register = (token: string, body: object) => t.app.inject({ method: "POST", url: "/_firebase/register/", headers: bearer(token), payload: body });

  it("a sign-out removes the tokens its session registered, not the user's other browsers'", async () => {
    const [laptop, phone] = [await t.login(DEMO.editor.username, DEMO.editor.password), await t.login(DEMO.editor.username, DEMO.editor.password)];
    expect((await register(laptop, { fcm_token: "laptop", user_id: ids.editor })).statusCode).toBe(200);
    expect((await register(phone, { fcm_token: "phone", user_id: ids.editor })).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(laptop) });
    expect(out.json()).toEqual({ statusCode: 200 });
    const { rows } = await t.db.query("SELECT fcm_token FROM push_tokens WHERE user_id = $1", [ids.editor]);
    expect(rows.map((r) => r.fcm_token)).toEqual(["phone"]);
  });

  it("a browser's token belongs to whoever registered it last", async () => {
    await register(tokens.editor, { fcm_token: "shared-browser", user_id: ids.editor });
    await register(tokens.manager, { fcm_token: "shared-browser", user_id: ids.manager });
    const { rows } = await t.db.query("SELECT user_id FROM push_tokens WHERE fcm_token = 'shared-browser'");
    expect(rows).toEqual([{ user_id: ids.manager }]);
  });

  it("DELETE /_firebase/register/ removes the caller's own token only", async () => {
    await register(tokens.manager, { fcm_token: "managers", user_id: ids.manager });
    await register(tokens.editor, { fcm_token: "editors", user_id: ids.editor });
    const remove = (who: keyof typeof tokens, fcm_token: string) =>
      t.app.inject({ method: "DELETE", url: "/_firebase/register/", headers: bearer(tokens[who]), payload: { fcm_token } });
    expect((await remove("editor", "managers")).json()).toEqual({ statusCode: 200, data: { removed: 0 } });
    expect((await remove("editor", "editors")).json()).toEqual({ statusCode: 200, data: { removed: 1 } });
    expect(await tokenCount(ids.manager!)).toBe(1);
    expect(await tokenCount(ids.editor!)).toBe(0);
    expect((await t.app.inject({ method: "DELETE", url: "/_firebase/register/", payload: { fcm_token: "x" } })).statusCode).toBe(401);
  });
});

describe("the Firebase sender", () => {
  const failure = (code: string, message = "") => ({ success: false, error: { code, message } as never });
  const answering = (responses: BatchResponse["responses"]) => {
    const sent: unknown[] = [];
    const messaging = async () => ({
      sendEachForMulticast: async (message: unknown) => {
        sent.push(message);
        return { responses, successCount: 0, failureCount: responses.length };
      },
    });
    return { sent, messaging };
  };

  it("sorts FCM's answers into tokens to delete, to retry and failures to log", async () => {
    const { messaging } = answering([
      { success: true, messageId: "m1" },
      failure("messaging/registration-token-not-registered"),
      failure("messaging/mismatched-credential"),
      failure("messaging/invalid-argument", "The registration token is not a valid FCM registration token"),
      failure("messaging/server-unavailable"),
      failure("messaging/internal-error"),
      failure("messaging/message-rate-exceeded"),
      failure("messaging/invalid-argument", "Invalid value at 'message.webpush.fcm_options.link'"),
    ]);
    const sender = firebaseSender({ credentials: { kind: "applicationDefault" } }, messaging);
    const result = await sender.send(["ok", "gone", "other-project", "malformed", "busy", "internal", "quota", "bad-message"], {
      title: "t",
      body: "b",
      url: "/app",
      tag: "x",
    });
    expect(result).toEqual({
      invalid: ["gone", "other-project", "malformed"],
      retry: ["busy", "internal", "quota"],
      failed: { "messaging/invalid-argument": 1 },
    });
    expect(verdict(undefined)).toBe("failed");
  });

  it("sends the title, body, the path and tag as data, and an https link only with CONSOLE_URL", async () => {
    const message = { title: "Your post was approved", body: "Open day", url: "/app/posts/history/7", tag: "posts-7" };
    const without = answering([{ success: true }]);
    await firebaseSender({ credentials: { kind: "applicationDefault" } }, without.messaging).send(["a"], message);
    expect(without.sent[0]).toEqual({
      tokens: ["a"],
      notification: { title: "Your post was approved", body: "Open day" },
      data: { url: "/app/posts/history/7", tag: "posts-7" },
      webpush: { notification: { tag: "posts-7" } },
    });
    const withUrl = answering([{ success: true }]);
    await firebaseSender({ credentials: { kind: "applicationDefault" }, consoleUrl: "https://console.example.com/" }, withUrl.messaging).send(["a"], message);
    expect(withUrl.sent[0]).toMatchObject({ webpush: { fcmOptions: { link: "https://console.example.com/app/posts/history/7" } } });
  });

  it("loads firebase-admin when first needed and builds a client from a service account key", async () => {
    const { privateKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const client = await connectFirebase({
      kind: "serviceAccount",
      serviceAccount: { project_id: "demo-project", client_email: "push@demo-project.iam.gserviceaccount.com", private_key: privateKey },
    });
    expect(typeof client.sendEachForMulticast).toBe("function");
  });
});

describe("settings", () => {
  const key = {
    type: "service_account",
    project_id: "demo",
    client_email: "push@demo.iam.gserviceaccount.com",
    private_key: "-----BEGIN PRIVATE KEY-----\n...",
  };

  it("push is off unless a service account or Google's credentials are given", () => {
    expect(loadConfig({}).push).toBeUndefined();
    expect(loadConfig({ GOOGLE_APPLICATION_CREDENTIALS: "/etc/key.json" }).push).toEqual({ credentials: { kind: "applicationDefault" } });
  });

  it("reads FIREBASE_SERVICE_ACCOUNT as the key's JSON or the path to its file", () => {
    expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(key) }).push).toEqual({ credentials: { kind: "serviceAccount", serviceAccount: key } });
    const file = join(mkdtempSync(join(tmpdir(), "cc-push-")), "key.json");
    writeFileSync(file, JSON.stringify(key));
    expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: file, CONSOLE_URL: "https://console.example.com" }).push).toEqual({
      credentials: { kind: "serviceAccount", serviceAccount: key },
      consoleUrl: "https://console.example.com",
    });
  });

  it("stops the start with one line naming a bad setting", () => {
    const bad = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error("expected a ConfigError");
    };
    expect(bad({ FIREBASE_SERVICE_ACCOUNT: "{not json" })).toMatch(/^FIREBASE_SERVICE_ACCOUNT .*not valid JSON/);
    expect(bad({ FIREBASE_SERVICE_ACCOUNT: "/nowhere/key.json" })).toMatch(/^FIREBASE_SERVICE_ACCOUNT .*no file/);
    expect(bad({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: "demo" }) })).toMatch(/missing/);
    expect(bad({ GOOGLE_APPLICATION_CREDENTIALS: "/k.json", CONSOLE_URL: "http://console.example.com" })).toMatch(/^CONSOLE_URL must/);
  });
});
