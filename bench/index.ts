// `npm run bench`: prints the figures the issues name, to compare run to run. Asserts nothing.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { routeBytes, totalBytes } from "./bundle";
import { benchColdStart } from "./coldStart";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const dist = "dist";

if (!existsSync(`${dist}/.vite/manifest.json`) || process.argv.includes("--build")) {
  execSync("npx vite build", { stdio: "ignore" });
}

console.log("Bundle (JavaScript, gzip -9)");
const login = routeBytes(dist, ["src/pages/Login.tsx"]);
const welcome = routeBytes(dist, ["src/console/Console.tsx", "src/console/pages/Welcome.tsx"]);
const list = routeBytes(dist, ["src/console/Console.tsx", "src/console/resources/ResourceList.tsx"]);
const total = totalBytes(dist);
console.log(`  /login before first paint   ${kb(login.gzip).padStart(10)}  (${login.files} files)`);
console.log(`  /app/welcome first paint    ${kb(welcome.gzip).padStart(10)}  (${welcome.files} files)`);
console.log(`  a content list first paint   ${kb(list.gzip).padStart(10)}  (${list.files} files)`);
console.log(`  all JavaScript              ${kb(total.gzip).padStart(10)}  (${total.files} files)`);

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
