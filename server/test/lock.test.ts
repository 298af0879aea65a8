import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from "../db/lock.js";

const freshDir = () => mkdtempSync(join(tmpdir(), "cc-lock-"));

describe("data folder lock", () => {
  it("refuses a second holder with a one-line message naming the folder and pid", () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`Data folder ${dir} is in use by another server (pid ${process.pid})`);
    } finally {
      lock.release();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = freshDir();
    const child = spawnSync(process.execPath, ["-e", ""]);
    expect(child.pid).toBeGreaterThan(0);
    writeFileSync(join(dir, LOCK_FILE), `${child.pid}\n`);

    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock file with garbage in it", () => {
    const dir = freshDir();
    writeFileSync(join(dir, LOCK_FILE), "not a pid");
    acquireDataDirLock(dir).release();
  });

  it("leaves a lock file alone that another process owns", () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(join(dir, LOCK_FILE), "1\n"); // pid 1 is always alive
    lock.release();
    expect(readFileSync(join(dir, LOCK_FILE), "utf8").trim()).toBe("1");
    expect(() => acquireDataDirLock(dir)).toThrow("(pid 1)");
  });
});
