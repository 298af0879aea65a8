import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Starts `node server/index.ts` and times the first 200 from /api/health. */
export async function coldStart(port: number, dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: "" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error("server did not answer within 60 s");
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    const ms = performance.now() - started;
    return { ms, rss: rssMiB(child.pid!) };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

export async function coldStarts(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), "cc-bench-"));
  try {
    const fresh = await coldStart(port, dataDir);
    const existing = await coldStart(port, dataDir);
    return { fresh, existing };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
