// The customer chats inbox under load: 100,000 conversations and 1,000,000 messages across the
// three demo centers (most resolved, as in a real inbox), in a throw-away database (PGlite in a
// temp folder; PostgreSQL too when DATABASE_URL names a server). Then autocannon against the
// inbox list, its search and one thread as the demo manager at JKT01, and the time from a
// visitor's message to a staff socket.
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { io } from "socket.io-client";
import { SOCKET_PATH } from "../protocol/realtime";
import { buildApp } from "../server/app";
import type { Db } from "../server/db/client";
import { onBenchDatabases } from "./databases";
import { migrate } from "../server/db/migrate";
import { seedDemo } from "../server/seed/seed";
import { ensureDocumentIndexes } from "../server/definitions/indexes";
import { loadDefinitions } from "../server/definitions/load";

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const PER_CONVERSATION = 10;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const AIM_MS = { PostgreSQL: 50, PGlite: 150 } as const;
const LATENCY_SAMPLES = 50;

// Conversation i: at center 1 + i % 3, last active i minutes ago; 85 in 100 resolved, then open,
// pending and snoozed; one in three of each center's assigned to the manager (by id / 3: the demo
// contacts before them shift ids, so id % 3 would follow the center and give JKT01 none).
const LOAD = `
  INSERT INTO chat_contacts (center_code, name, email, created_at)
  SELECT (ARRAY['JKT01', 'BDG01', 'SBY01'])[1 + i % 3], 'Visitor ' || i, 'visitor' || i || '@example.com', now() - make_interval(mins => i)
  FROM generate_series(1, $1::int) AS i;
  INSERT INTO chat_conversations (center_code, number, contact_id, status, assignee_id, snoozed_until, last_activity_at, preview, created_at)
  SELECT ct.center_code, 1000 + ct.id, ct.id,
         CASE WHEN ct.id % 100 < 85 THEN 'resolved' WHEN ct.id % 100 < 95 THEN 'open' WHEN ct.id % 100 < 98 THEN 'pending' ELSE 'snoozed' END,
         CASE WHEN (ct.id / 3) % 3 = 0 THEN $2::int END,
         CASE WHEN ct.id % 100 >= 98 THEN now() + interval '1 day' END,
         ct.created_at + interval '5 minutes', 'Message ' || ct.id, ct.created_at
  FROM chat_contacts ct WHERE ct.name LIKE 'Visitor %';
  INSERT INTO chat_messages (conversation_id, kind, body, author_id, author_name, created_at)
  SELECT c.id, CASE WHEN k % 2 = 1 THEN 'visitor' WHEN k = 4 THEN 'note' ELSE 'staff' END,
         (ARRAY['Do you have classes for children?', 'What are the fees per month?', 'Yes, on Saturdays at 10:00.', 'Is there parking?', 'Thank you!'])[1 + k % 5] || ' #' || c.id || '.' || k,
         CASE WHEN k % 2 = 0 THEN $2::int END, CASE WHEN k % 2 = 0 THEN 'Demo Center Manager' ELSE 'Visitor' END,
         c.created_at + make_interval(secs => k * 30)
  FROM chat_conversations c, generate_series(1, $3::int) AS k WHERE c.number > 1000;
  UPDATE chat_conversations c SET visitor_messages = m.n
  FROM (SELECT conversation_id, count(*) AS n FROM chat_messages WHERE kind = 'visitor' GROUP BY conversation_id) m
  WHERE m.conversation_id = c.id AND c.number > 1000;`;

export async function prepare(db: Db) {
  const definitions = await loadDefinitions();
  await migrate(db);
  await ensureDocumentIndexes(db, definitions);
  await seedDemo(db);
  const manager = (await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'manager'")).rows[0]!.id;
  const started = performance.now();
  // One statement at a time: PGlite's query() takes one, and parameters need query().
  const values = [CONVERSATIONS, manager, PER_CONVERSATION];
  for (const statement of LOAD.split(";")
    .map((s) => s.trim())
    .filter(Boolean)) {
    // Each statement gets the parameters it names, renumbered from $1.
    const used = [...new Set([...statement.matchAll(/\$(\d)/g)].map((m) => Number(m[1])))].sort();
    const sql = statement.replace(/\$(\d)/g, (_, d) => `$${used.indexOf(Number(d)) + 1}`);
    await db.query(
      sql,
      used.map((d) => values[d - 1]),
    );
  }
  await db.exec("VACUUM ANALYZE");
  return { definitions, loadMs: performance.now() - started };
}

async function login(base: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "manager", password: "Manager#12345" }),
  });
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  return { token, headers: { authorization: `Bearer ${token}`, "x-center-code": "JKT01" } };
}

async function measure(base: string, label: string, path: string, headers: Record<string, string>, aim: number) {
  const check = await fetch(base + path, { headers });
  if (check.status !== 200) throw new Error(`${path}: ${check.status} ${await check.text()}`);
  const body = (await check.json()) as { data: { totalDocs?: number; docs: unknown[] } };
  await autocannon({ url: base + path, connections: 10, duration: 1, headers });
  // This process's CPU time per request (the server, the load generator and, on PGlite, the
  // database): unlike the latencies, it hardly moves when other work shares the machine.
  const cpuBefore = process.cpuUsage();
  const r = await autocannon({ url: base + path, connections: 10, duration: DURATION, headers });
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerRequest = (cpu.user + cpu.system) / 1000 / Math.max(1, r.requests.total);
  const about = body.data.totalDocs !== undefined ? `${body.data.totalDocs.toLocaleString("en")} matches` : `${body.data.docs.length} messages`;
  console.log(
    `    ${label.padEnd(30)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   aim ≤ ${aim} ms ${r.latency.p99 <= aim ? "met" : "MISSED"}   CPU ${cpuPerRequest.toFixed(1)} ms/req   (${about}${r.errors + r.non2xx ? `, ${r.errors + r.non2xx} failed` : ""})`,
  );
}

/** A visitor writes; the manager's socket hears it: the time from the message's commit to the socket. */
async function visitorToStaff(base: string, token: string) {
  const staff = io(base, { path: SOCKET_PATH, auth: { token, center: "JKT01" }, transports: ["websocket"], reconnection: false, forceNew: true });
  await new Promise((resolve, reject) => (staff.once("connect", () => resolve(null)), staff.once("connect_error", reject)));
  const started = await fetch(`${base}/api/public/chat/JKT01/conversations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench visitor", message: "Hello" }),
  });
  const visitor = ((await started.json()) as { data: { token: string } }).data.token;
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const text = `Latency probe ${i}`;
    const heard = new Promise<number>((resolve) => {
      const on = (m: { text: string }) => {
        if (m.text !== text) return;
        staff.off("chat:message", on);
        resolve(performance.now());
      };
      staff.on("chat:message", on);
    });
    const sent = performance.now();
    const res = await fetch(`${base}/api/public/chat/conversation/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-visitor-token": visitor },
      body: JSON.stringify({ text }),
    });
    if (!res.ok) throw new Error(`visitor message: ${res.status}`);
    latencies.push((await heard) - sent);
  }
  staff.disconnect();
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!.toFixed(0);
  console.log(`    visitor message → staff socket  p50 ${p(0.5)} ms   p99 ${p(0.99)} ms (send to receipt, ${LATENCY_SAMPLES} messages)`);
}

async function run(label: keyof typeof AIM_MS, db: Db) {
  const { definitions, loadMs } = await prepare(db);
  console.log(
    `  ${label}: ${CONVERSATIONS.toLocaleString("en")} conversations, ${(CONVERSATIONS * PER_CONVERSATION).toLocaleString("en")} messages loaded + VACUUM ANALYZE in ${(loadMs / 1000).toFixed(1)} s`,
  );
  const app = await buildApp({
    db,
    jwtSecret: randomBytes(32).toString("hex"),
    resources: definitions,
    loginRateLimit: 1000,
    chatStartLimit: 1e6,
    chatMessageLimit: 1e6,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const { token, headers } = await login(base);
    const aim = AIM_MS[label];
    const busiest = (
      await db.query<{ id: number }>(
        "SELECT id::int AS id FROM chat_conversations WHERE center_code = 'JKT01' AND number > 1000 ORDER BY last_activity_at DESC LIMIT 1",
      )
    ).rows[0]!.id;
    console.log(`   As the manager at JKT01 (aim: p99 ≤ ${AIM_MS.PostgreSQL} ms on PostgreSQL, 3× on PGlite)`);
    await measure(base, "inbox: open, all", "/api/chats/conversations?status=open&limit=25", headers, aim);
    await measure(base, "inbox: open, mine", "/api/chats/conversations?status=open&tab=mine&limit=25", headers, aim);
    await measure(base, "inbox: resolved, page 100", "/api/chats/conversations?status=resolved&page=100&limit=25", headers, aim);
    await measure(base, "thread (newest 50)", `/api/chats/conversations/${busiest}/messages?limit=50`, headers, aim);
    await visitorToStaff(base, token);
  } finally {
    await app.close();
  }
}

export async function benchChats(databaseUrl = process.env.DATABASE_URL) {
  console.log(`\nCustomer chats at ${CONVERSATIONS.toLocaleString("en")} conversations, 10 connections × ${DURATION} s per case`);
  // Loading a million messages takes longer than a request may.
  await onBenchDatabases((label, db) => run(label, db), { databaseUrl, pgOptions: { statementTimeoutMs: 600_000, queryTimeoutMs: 600_000 } });
}

if (import.meta.url === `file://${process.argv[1]}`) await benchChats();
