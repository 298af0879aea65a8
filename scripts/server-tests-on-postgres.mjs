// Runs the server suite a second time, on the PostgreSQL server named by TEST_DATABASE_URL
// (CI starts one). Without it, says so: the embedded run has already covered the same tests.
import { spawnSync } from "node:child_process";

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: server tests ran on the embedded database only.");
  process.exit(0);
}
const run = spawnSync("npx", ["vitest", "run", "--project", "server"], { stdio: "inherit", env: process.env });
process.exit(run.status ?? 1);
