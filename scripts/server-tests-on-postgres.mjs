// Runs the server suite a second time, on the PostgreSQL server named by TEST_DATABASE_URL
// (CI starts one), then the restart check (two instances through PostgreSQL restarts, stops,
// crashes and terminated backends), which needs the same PostgreSQL binaries. Without
// TEST_DATABASE_URL, says so: the embedded run has already covered the server tests.
import { spawnSync } from "node:child_process";

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: server tests ran on the embedded database only, and the restart check did not run.");
  process.exit(0);
}
const run = (command, args) => spawnSync(command, args, { stdio: "inherit", env: process.env }).status ?? 1;
const tests = run("npx", ["vitest", "run", "--project", "server"]);
if (tests !== 0) process.exit(tests);
process.exit(run("npm", ["run", "check:db-restart"]));
