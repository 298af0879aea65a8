// What a start does on a database that is already up to date: one read each, no transaction, no
// password hashing, no VACUUM; and how the bundle decides between its own definitions and the disk.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PGLITE_SHARED_BUFFERS, type Db } from "../db/client.js";
import { scheduleVacuum } from "../db/maintenance.js";
import { migrate } from "../db/migrate.js";
import { seedDemo } from "../seed/seed.js";
import { embedded } from "../embedded.js";
import { ensureDocumentIndexes } from "../definitions/indexes.js";
import { bundledDefinitions, definitionsHash, loadDefinitions } from "../definitions/load.js";
import { createTestDb, type TestDb } from "./helpers.js";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb?.close();
});

/** The database, counting the transactions and statements it is asked for. */
function counting(db: Db) {
  const counts = { transactions: 0, statements: 0 };
  const wrapped: Db = {
    kind: db.kind,
    query: (sql, params) => {
      counts.statements++;
      return db.query(sql, params);
    },
    exec: (sql) => {
      counts.statements++;
      return db.exec(sql);
    },
    transaction: (fn) => {
      counts.transactions++;
      return db.transaction(fn);
    },
    close: () => db.close(),
  };
  return { db: wrapped, counts };
}

describe("a start on an up-to-date database", () => {
  it("finds the migrations applied with two reads and no transaction", async () => {
    const { db, counts } = counting(testDb.db);
    expect(await migrate(db)).toEqual([]);
    expect(counts).toEqual({ transactions: 0, statements: 2 });
  });

  it("finds the definitions' indexes in place with one read and no transaction", async () => {
    const { db, counts } = counting(testDb.db);
    expect(await ensureDocumentIndexes(db, await loadDefinitions())).toEqual([]);
    expect(counts).toEqual({ transactions: 0, statements: 1 });
  });

  it("still creates an index a definition newly asks for, in a transaction", async () => {
    const definitions = await loadDefinitions();
    const posts = definitions.find((d) => d.name === "posts")!;
    const changed = definitions.map((d) =>
      d === posts ? { ...posts, fields: posts.fields.map((f) => (f.name === "excerpt" ? { ...f, sortable: true } : f)) } : d,
    );
    const { db, counts } = counting(testDb.db);
    const created = await ensureDocumentIndexes(db, changed);
    expect(created).toHaveLength(1);
    expect(counts.transactions).toBe(1);
    // And back: the index no definition asks for is dropped.
    expect(await ensureDocumentIndexes(testDb.db, definitions)).toEqual([]);
    const { rows } = await testDb.db.query("SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = $1", [created[0]]);
    expect(rows[0].n).toBe(0);
  });

  it("leaves the demo seed alone without hashing a password or opening a transaction", async () => {
    const { db, counts } = counting(testDb.db);
    expect(await seedDemo(db)).toBe(false);
    expect(counts).toEqual({ transactions: 0, statements: 1 });
  });
});

describe("PGlite's memory", () => {
  it("keeps a buffer cache of PGLITE_SHARED_BUFFERS", async ({ skip }) => {
    if (testDb.db.kind !== "pglite") skip();
    const { rows } = await testDb.db.query("SHOW shared_buffers");
    expect(rows[0].shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
  });
});

describe("scheduleVacuum", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("vacuums after the first delay, then at every interval, and stops", async () => {
    vi.useFakeTimers();
    const run: string[] = [];
    const db = { exec: async (sql: string) => void run.push(sql) } as unknown as Db;
    const vacuuming = scheduleVacuum(db, () => {}, { firstAfterMs: 1_000, everyMs: 5_000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toEqual(["VACUUM ANALYZE"]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveLength(2);
    await vacuuming.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveLength(2);
  });

  it("waits for a run in progress when stopped, and reports a failed one", async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const errors: unknown[] = [];
    const db = { exec: () => new Promise<void>((_, reject) => (finish = () => reject(new Error("busy")))) } as unknown as Db;
    const vacuuming = scheduleVacuum(db, (err) => errors.push(err), { firstAfterMs: 10, everyMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    let stopped = false;
    const stopping = vacuuming.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(errors).toHaveLength(1);
  });
});

describe("the bundle's definitions", () => {
  const saved = embedded.definitions;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cc-defs-"));
    writeFileSync(join(dir, "notes.ts"), "export default {};\n");
  });
  afterAll(() => {
    embedded.definitions = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  const bundled = [{ file: "notes.ts", definition: undefined }];

  it("are used while the folder holds what was bundled", () => {
    embedded.definitions = { dir, hash: definitionsHash(dir), modules: bundled };
    expect(bundledDefinitions(dir)).toBe(bundled);
  });

  it("are used when the folder is not shipped at all", () => {
    embedded.definitions = { dir: join(dir, "missing"), hash: "whatever", modules: bundled };
    expect(bundledDefinitions(join(dir, "missing"))).toBe(bundled);
  });

  it("give way to the disk once a file was added or changed since the build", () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      embedded.definitions = { dir, hash: definitionsHash(dir), modules: bundled };
      writeFileSync(join(dir, "faqs.ts"), "export default {};\n");
      expect(bundledDefinitions(dir)).toBeUndefined();
      expect(String(stderr.mock.calls[0]?.[0])).toMatch(/changed since the server was built/);
    } finally {
      stderr.mockRestore();
    }
  });

  it("are not there when the server runs from source", () => {
    embedded.definitions = undefined;
    expect(bundledDefinitions(dir)).toBeUndefined();
  });
});
