// The realtime server over a real socket: who may connect, who hears what, and when a socket is
// dropped. On PostgreSQL (TEST_DATABASE_URL) two instances on one database show the fan-out.
import { SignJWT } from "jose";
import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import pg from "pg";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApprovalEvent, PresenceState, ResourceEvent } from "../../protocol/realtime.js";
import { buildApp } from "../app.js";
import { bearer, buildTestApp, createTestDb, DEMO, TEST_JWT_SECRET, type TestApp, type TestDb } from "./helpers.js";
import { heard, settle, socketClient, until } from "./sockets.js";

let testDb: TestDb;
let t: TestApp;
let base = "";
const tokens = { superadmin: "", manager: "", editor: "" };
const client = socketClient(() => base);

beforeAll(async () => {
  testDb = await createTestDb();
  t = await buildTestApp({ db: testDb.db, databaseUrl: testDb.url });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
});
afterAll(async () => {
  client.closeAll();
  await t?.close();
  await testDb?.close();
});

type Who = keyof typeof tokens;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, center?: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, center), ...(payload && { payload }) });

const connect = (token: string, center?: string | null, options: { url?: string; origin?: string } = {}) => client.connect({ token, center }, options);
const record = heard;

let n = 0;
async function createPost(who: Who = "editor", center = "JKT01") {
  n += 1;
  const res = await call("POST", "/api/posts", tokens[who], center, { title: `Live post ${n}`, slug: `live-post-${n}`, type: "news", content: "<p>x</p>" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; version: number; review: { id: number } };
}

async function createUser(username: string, assignments: { center_code: string; role: string }[]) {
  const roles = (await call("GET", "/api/roles?limit=100", tokens.superadmin)).json().data.docs as { id: number; name: string }[];
  const res = await call("POST", "/api/users", tokens.superadmin, undefined, {
    username,
    fullname: `Test ${username}`,
    user_type: "center_staff",
    password: "Secret#123",
    assignments: assignments.map((a) => ({ center_code: a.center_code, role_id: roles.find((r) => r.name === a.role)!.id })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, token: await t.login(username, "Secret#123") };
}

describe("the handshake", () => {
  it("accepts a valid token at the user's center, and a superadmin without one", async () => {
    await expect(connect(tokens.editor, "JKT01")).resolves.toBeTruthy();
    await expect(connect(tokens.superadmin, null)).resolves.toBeTruthy();
  });

  it("refuses no token, a tampered one and an expired one", async () => {
    await expect(connect("", "JKT01")).rejects.toThrow("unauthorized");
    const [head, body, sig] = tokens.editor.split(".");
    await expect(connect(`${head}.${body}.${sig!.slice(0, -2)}xx`, "JKT01")).rejects.toThrow("unauthorized");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const expired = await new SignJWT({ tv: claims.tv, sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    await expect(connect(expired, "JKT01")).rejects.toThrow("unauthorized");
  });

  it("refuses a foreign center, and center staff without a center", async () => {
    await expect(connect(tokens.editor, "BDG01")).rejects.toThrow("not assigned to this center");
    await expect(connect(tokens.editor, null)).rejects.toThrow("not assigned to this center");
    await expect(connect(tokens.editor, "NOPE1")).rejects.toThrow("not assigned to this center");
  });

  it("refuses a token of an old version (the password changed since)", async () => {
    const user = await createUser("rt_oldversion", [{ center_code: "JKT01", role: "Viewer" }]);
    const old = user.token;
    const changed = await call("PUT", "/api/auth/password", old, undefined, { current_password: "Secret#123", new_password: "Secret#456" });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect(connect(old, "JKT01")).rejects.toThrow("unauthorized");
    await expect(connect(changed.json().data.token, "JKT01")).resolves.toBeTruthy();
  });

  it("refuses a page of another origin, and accepts the console's own", async () => {
    await expect(connect(tokens.editor, "JKT01", { origin: "https://evil.example" })).rejects.toThrow();
    await expect(connect(tokens.editor, "JKT01", { origin: base })).resolves.toBeTruthy();
  });
});

describe("who hears what", () => {
  it("a record's change reaches its center's readers and superadmins, never another center", async () => {
    const jkt = await connect(tokens.manager, "JKT01");
    const bdg = await connect(tokens.manager, "BDG01");
    const sa = await connect(tokens.superadmin, null);
    const [atJkt, atBdg, atSa] = [jkt, bdg, sa].map((s) => record<ResourceEvent>(s, "live"));
    const post = await createPost("editor", "JKT01");
    await until(() => atJkt.length > 0 && atSa.length > 0);
    expect(atJkt[0]).toMatchObject({
      channel: "resources/posts",
      type: "created",
      payload: { ids: [post.id], center_code: "JKT01", by: { name: "Demo Content Editor" } },
    });
    expect(Object.keys(atJkt[0]!.payload).sort()).toEqual(["by", "center_code", "ids", "version"]);
    expect(atSa[0]!.payload.ids).toEqual([post.id]);
    await settle();
    expect(atBdg).toEqual([]);
  });

  it("a user without the record's key hears nothing of it", async () => {
    const viewer = await createUser("rt_viewer", [{ center_code: "JKT01", role: "Viewer" }]);
    const socket = await connect(viewer.token, "JKT01");
    const heard = record<ResourceEvent>(socket, "live");
    // Center links need center_management, which a Viewer lacks.
    const link = await call("POST", "/api/center-links", tokens.manager, "JKT01", { label: "Hidden", url: "https://example.com/x", kind: "website" });
    expect(link.statusCode, link.body).toBe(200);
    const post = await createPost("editor", "JKT01");
    await until(() => heard.some((e) => e.channel === "resources/posts"));
    expect(heard.map((e) => e.channel)).toEqual(["resources/posts"]);
    expect(heard[0]!.payload.ids).toEqual([post.id]);
  });

  it("approval events reach the center's reviewers, not its authors, and decisions update everyone's list", async () => {
    const reviewer = await connect(tokens.manager, "JKT01");
    const author = await connect(tokens.editor, "JKT01");
    const reviewerQueue = record<ApprovalEvent>(reviewer, "approval");
    const authorQueue = record<ApprovalEvent>(author, "approval");
    const authorList = record<ResourceEvent>(author, "live");
    const post = await createPost("editor", "JKT01");
    await until(() => reviewerQueue.length > 0);
    expect(reviewerQueue[0]).toMatchObject({ queue: "content", type: "opened", request_id: post.review.id, record_id: post.id, center_code: "JKT01" });
    const approved = await call("POST", `/api/approvals/${post.review.id}/approve`, tokens.manager, "JKT01", {});
    expect(approved.statusCode, approved.body).toBe(200);
    await until(() => reviewerQueue.some((e) => e.type === "decided") && authorList.some((e) => e.type === "updated"));
    expect(authorList.find((e) => e.type === "updated")!.payload).toMatchObject({ ids: [post.id], by: { name: "Demo Center Manager" } });
    expect(authorQueue).toEqual([]);
  });

  it("nothing is published for a write that failed", async () => {
    const socket = await connect(tokens.manager, "JKT01");
    const heard = record<ResourceEvent>(socket, "live");
    const post = await createPost("editor", "JKT01");
    await until(() => heard.length === 1);
    const stale = await call("PUT", `/api/posts/${post.id}`, tokens.editor, "JKT01", {
      title: "Stale",
      slug: `live-post-${n}`,
      type: "news",
      content: "<p>y</p>",
      version: post.version + 5,
    });
    expect(stale.statusCode).toBe(409);
    const invalid = await call("POST", "/api/posts", tokens.editor, "JKT01", { title: "" });
    expect(invalid.statusCode).toBe(400);
    await settle();
    expect(heard).toHaveLength(1);
  });
});

describe("dropping sockets", () => {
  const ended = (socket: Socket) =>
    new Promise<string>((resolve) => {
      let reason = "";
      socket.on("session:ended", (r: string) => (reason = r));
      socket.on("disconnect", () => resolve(reason));
    });

  it("when its token expires", async () => {
    const [, body] = tokens.editor.split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const shortLived = await new SignJWT({ tv: claims.tv, sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const socket = await connect(shortLived, "JKT01");
    const gone = ended(socket);
    expect(await gone).toBe("token expired");
  });

  it("on sign-out", async () => {
    const token = await t.login(DEMO.editor.username, DEMO.editor.password);
    const socket = await connect(token, "JKT01");
    const other = await connect(tokens.editor, "JKT01");
    const gone = ended(socket);
    expect((await call("POST", "/api/auth/logout", token)).statusCode).toBe(200);
    expect(await gone).toBe("session ended");
    await settle();
    expect(other.connected).toBe(true);
  });

  it("when the user is disabled", async () => {
    const user = await createUser("rt_disabled", [{ center_code: "JKT01", role: "Viewer" }]);
    const socket = await connect(user.token, "JKT01");
    const gone = ended(socket);
    expect((await call("DELETE", `/api/users/${user.id}`, tokens.superadmin)).statusCode).toBe(200);
    expect(await gone).toBe("session ended");
  });

  it("when the password changes in another session, keeping the socket of the session that changed it", async () => {
    const user = await createUser("rt_password", [{ center_code: "JKT01", role: "Viewer" }]);
    const otherToken = await t.login("rt_password", "Secret#123");
    const mine = await connect(user.token, "JKT01");
    const other = await connect(otherToken, "JKT01");
    const gone = ended(other);
    const changed = await call("PUT", "/api/auth/password", user.token, undefined, { current_password: "Secret#123", new_password: "Secret#789" });
    expect(changed.statusCode).toBe(200);
    expect(await gone).toBe("session ended");
    await settle();
    expect(mine.connected).toBe(true);
    // A later check of the user's sockets (a third session signing out) keeps it too.
    const third = await t.login("rt_password", "Secret#789");
    expect((await call("POST", "/api/auth/logout", third)).statusCode).toBe(200);
    await settle();
    expect(mine.connected).toBe(true);
  });

  it("when an administrator signs the user out everywhere, every session's socket and no one else's", async () => {
    const user = await createUser("rt_everywhere", [{ center_code: "JKT01", role: "Viewer" }]);
    const second = await connect(await t.login("rt_everywhere", "Secret#123"), "JKT01");
    const first = await connect(user.token, "JKT01");
    const bystander = await connect(tokens.editor, "JKT01");
    const gone = [ended(first), ended(second)];
    expect((await call("POST", `/api/users/${user.id}/sessions/end`, tokens.superadmin)).statusCode).toBe(200);
    expect(await Promise.all(gone)).toEqual(["session ended", "session ended"]);
    await settle();
    expect(bystander.connected).toBe(true);
  });

  it("when the user's assignment at the socket's center is taken away", async () => {
    const user = await createUser("rt_moved", [
      { center_code: "JKT01", role: "Viewer" },
      { center_code: "BDG01", role: "Viewer" },
    ]);
    const socket = await connect(user.token, "BDG01");
    const gone = ended(socket);
    const current = (await call("GET", `/api/users/${user.id}`, tokens.superadmin)).json().data.docs[0];
    const roles = (await call("GET", "/api/roles?limit=100", tokens.superadmin)).json().data.docs as { id: number; name: string }[];
    const viewer = roles.find((r) => r.name === "Viewer")!.id;
    const saved = await call("PUT", `/api/users/${user.id}`, tokens.superadmin, undefined, {
      username: current.username,
      fullname: current.fullname,
      user_type: current.user_type,
      active: true,
      version: current.version,
      assignments: [{ center_code: "JKT01", role_id: viewer }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await gone).toBe("session ended");
  });
});

describe("presence", () => {
  it("shows who has a record open, to those who may read it, and forgets who left", async () => {
    const post = await createPost("editor", "JKT01");
    const editor = await connect(tokens.editor, "JKT01");
    const manager = await connect(tokens.manager, "JKT01");
    const outsider = await connect(tokens.manager, "BDG01");
    const seenByEditor = record<PresenceState>(editor, "presence");
    const seenByOutsider = record<PresenceState>(outsider, "presence");
    editor.emit("presence:join", { resource: "posts", id: post.id });
    await until(() => seenByEditor.length === 1);
    manager.emit("presence:join", { resource: "posts", id: post.id });
    await until(() => seenByEditor.length === 2);
    expect(seenByEditor[1]).toEqual({
      resource: "posts",
      id: post.id,
      viewers: [
        { id: expect.any(Number), name: "Demo Center Manager" },
        { id: expect.any(Number), name: "Demo Content Editor" },
      ],
    });
    // Another center's socket may not join (it cannot read the record), so it learns nothing.
    outsider.emit("presence:join", { resource: "posts", id: post.id });
    manager.disconnect();
    await until(() => seenByEditor.length === 3);
    expect(seenByEditor[2]!.viewers.map((v) => v.name)).toEqual(["Demo Content Editor"]);
    expect(seenByOutsider).toEqual([]);
  });
});

describe("a socket that floods", () => {
  it("is dropped after its allowance, costing no more than that, while /api/health stays quick", async () => {
    const bystander = await connect(tokens.manager, "JKT01");
    // The probe's first request opens its connection; that is not the flood's cost.
    await fetch(`${base}/api/health`);
    // The flood comes from a process of its own, so its sending does not hold up this one.
    const flood = `
      const { io } = require("socket.io-client");
      const socket = io(${JSON.stringify(base)}, { path: "/socket.io", transports: ["websocket"], reconnection: false, auth: { token: ${JSON.stringify(tokens.manager)}, center: "JKT01" } });
      socket.on("connect", () => {
        process.stdout.write("connected\\n");
        // Ids nobody may read, each of which would cost a lookup, and watches of conversations.
        for (let i = 0; i < 5000; i++) {
          if (i % 2) socket.emit("presence:join", { resource: "posts", id: 1000000 + i });
          else socket.emit("chat:watch", { conversation_id: 1000000 + i });
        }
      });
      socket.on("disconnect", (reason) => { process.stdout.write(reason + "\\n"); process.exit(0); });
      setTimeout(() => process.exit(1), 10000);
    `;
    const child = spawn(process.execPath, ["-e", flood], { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const latencies: number[] = [];
    let flooding = true;
    const probe = (async () => {
      while (flooding) {
        const started = performance.now();
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        latencies.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    expect(await exited).toBe(0);
    expect(output.trim().split("\n")).toEqual(["connected", "io server disconnect"]);
    await new Promise((r) => setTimeout(r, 300));
    flooding = false;
    await probe;
    const worst = Math.max(...latencies);
    console.log(`socket flood: 5,000 events, /api/health answered ${latencies.length} times meanwhile, worst ${worst.toFixed(1)} ms (aim < 200)`);
    expect(latencies.length).toBeGreaterThan(5);
    expect(worst).toBeLessThan(200);
    // The user's other socket is untouched.
    expect(bystander.connected).toBe(true);
    const heard = record<ResourceEvent>(bystander, "live");
    const post = await createPost("editor", "JKT01");
    await until(() => heard.some((e) => e.payload.ids.includes(post.id)));
  });

  it("lets a console's ordinary pace through", async () => {
    const socket = await connect(tokens.manager, "JKT01");
    const post = await createPost("editor", "JKT01");
    const presence = record<PresenceState>(socket, "presence");
    // Opening and leaving records quickly, as someone clicking through a list does.
    for (let i = 0; i < 5; i++) {
      socket.emit("presence:join", { resource: "posts", id: post.id });
      socket.emit("presence:leave", { resource: "posts", id: post.id });
    }
    socket.emit("presence:join", { resource: "posts", id: post.id });
    await until(() => presence.some((p) => p.id === post.id && p.viewers.length === 1));
    expect(socket.connected).toBe(true);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)("several instances on one PostgreSQL", () => {
  /** Another instance on the same database, and what the manager's socket on it hears. */
  async function secondInstance() {
    const second = await buildApp({ db: testDb.db, jwtSecret: TEST_JWT_SECRET, databaseUrl: testDb.url });
    await second.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const socket = await connect(tokens.manager, "JKT01", { url });
    return { second, url, heard: record<ResourceEvent>(socket, "live") };
  }

  it("a write on one instance reaches a socket held by another", async () => {
    const { second, url, heard } = await secondInstance();
    try {
      // Let the adapters see each other before the write.
      await new Promise((r) => setTimeout(r, 500));
      const post = await createPost("editor", "JKT01");
      await until(() => heard.length > 0, 5_000);
      expect(heard[0]).toMatchObject({ channel: "resources/posts", type: "created", payload: { ids: [post.id] } });
      // A sign-out on the first instance drops the socket on the second.
      const token = await t.login(DEMO.editor.username, DEMO.editor.password);
      const remote = await connect(token, "JKT01", { url });
      const gone = new Promise((resolve) => remote.on("disconnect", resolve));
      expect((await call("POST", "/api/auth/logout", token)).statusCode).toBe(200);
      await gone;
    } finally {
      await second.close();
    }
  });

  it("survives its LISTEN connection being terminated and fans out again by itself", async () => {
    const { second, heard } = await secondInstance();
    try {
      await new Promise((r) => setTimeout(r, 500));
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query(
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'",
        [new URL(testDb.url!).pathname.slice(1)],
      );
      await admin.end();
      // Both instances' adapters (the first instance's and the second's).
      expect(rows[0].n).toBeGreaterThanOrEqual(2);
      // An unheard 'error' on the dead client would fail the test run as an unhandled error.
      const started = Date.now();
      let id = 0;
      while (!heard.some((e) => e.payload.ids.includes(id))) {
        expect(Date.now() - started, "events did not cross instances again").toBeLessThan(5_000);
        id = (await createPost("editor", "JKT01")).id;
        await new Promise((r) => setTimeout(r, 300));
      }
    } finally {
      await second.close();
    }
  });
});

// Last in the file: every event the tests above made the server send.
describe("the protocol", () => {
  it("every event this file's sockets heard is exactly as protocol/ says (no extra keys)", () => {
    const { count, violations } = client.checked();
    expect(violations).toEqual([]);
    expect(count).toBeGreaterThan(10);
  });
});
