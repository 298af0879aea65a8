import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * PGlite has no lock of its own: two servers on one data folder silently lose writes.
 * A PID file taken with O_EXCL stands in for PostgreSQL's postmaster.pid.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export interface DataDirLock {
  release(): void;
}

export const LOCK_FILE = "console.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryCreate(file: string): boolean {
  try {
    writeFileSync(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** `dataDir` is shown in the message as given, so the operator recognises the path they set. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);

  if (!tryCreate(file)) {
    const holder = readPid(file);
    if (holder !== null && isAlive(holder)) {
      throw new DataDirLockedError(`Data folder ${dataDir} is in use by another server (pid ${holder})`);
    }
    // Left behind by a crash: take it over. If another starter wins the race, `wx` fails again.
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    if (!tryCreate(file)) {
      const winner = readPid(file);
      throw new DataDirLockedError(`Data folder ${dataDir} is in use by another server (pid ${winner ?? "unknown"})`);
    }
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener("exit", release);
    // Only remove the file if it is still ours.
    if (readPid(file) === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        /* already gone */
      }
    }
  };
  process.on("exit", release);
  return { release };
}
