// `npm run bench`: prints the figures the issues name, to compare run to run. Asserts nothing.
import { benchBundle } from "./bundle";
import { benchColdStart } from "./coldStart";

// The JavaScript each screen requests before it is usable, in Chromium against the built console
// (dist/; built when missing, or always with --build) and the real server, beside the budgets that
// e2e/budgets.spec.ts checks; then Lighthouse (mobile) on /login and a list, beside their aims.
await benchBundle({ build: process.argv.includes("--build"), lighthouse: true });

// The server as `npm start` runs it, embedded (and on PostgreSQL when DATABASE_URL is set), beside
// the floor (a bare PGlite on the same data) and issue 9's aims.
await benchColdStart();

// The documents list, the approval queues and counts, and the public list under load (100k posts,
// 10k open requests; PostgreSQL too when DATABASE_URL is set).
const { benchList } = await import("./list");
await benchList();

// Sockets one instance holds and event latency from commit to client.
const { benchRealtime } = await import("./realtime");
await benchRealtime();

// The chat widget's weight, and the inbox at 100k conversations with visitor → staff latency.
const { benchWidget } = await import("./widget");
await benchWidget();
const { benchChats } = await import("./chats");
await benchChats();

// Reports at 100k conversations, 1M messages and 100k posts (PostgreSQL too when DATABASE_URL is set).
const { benchReports } = await import("./reports");
await benchReports();
