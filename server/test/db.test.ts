import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "../db/migrate.js";
import { seedDemo } from "../seed/seed.js";
import { createTestDb, type TestDb } from "./helpers.js";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb?.close();
});

describe("migrations", () => {
  it("records what they applied and apply nothing the second time", async () => {
    const { rows } = await testDb.db.query("SELECT version, name FROM schema_migrations ORDER BY version");
    expect(rows).toEqual(loadMigrations().map(({ version, name }) => ({ version, name })));
    expect(await migrate(testDb.db)).toEqual([]);
    const again = await testDb.db.query("SELECT count(*)::int AS n FROM schema_migrations");
    expect(again.rows[0].n).toBe(rows.length);
  });

  it("apply once when two servers start at the same time", async () => {
    const fresh = await createTestDb({ migrated: false });
    try {
      const [a, b] = await Promise.all([migrate(fresh.db), migrate(fresh.db)]);
      const all = loadMigrations().map((m) => `${String(m.version).padStart(3, "0")}_${m.name}`);
      expect([...a, ...b].sort()).toEqual(all);
      const [seededA, seededB] = await Promise.all([seedDemo(fresh.db), seedDemo(fresh.db)]);
      expect([seededA, seededB].sort()).toEqual([false, true]);
      const { rows } = await fresh.db.query("SELECT count(*)::int AS n FROM users");
      expect(rows[0].n).toBe(3);
    } finally {
      await fresh.close();
    }
  });

  it("roll a failing migration back entirely", async () => {
    const broken = [{ version: 999, name: "broken", sql: "CREATE TABLE half_done (id int); SELECT no_such_function();" }];
    await expect(migrate(testDb.db, broken)).rejects.toThrow();
    const { rows } = await testDb.db.query("SELECT to_regclass('half_done') AS t, (SELECT count(*)::int FROM schema_migrations WHERE version = 999) AS n");
    expect(rows[0]).toEqual({ t: null, n: 0 });
  });
});

describe("demo seed", () => {
  it("creates the demo centers, roles, users and assignments", async () => {
    const centers = await testDb.db.query("SELECT center_code, center_web_name FROM centers ORDER BY id");
    expect(centers.rows).toEqual([
      { center_code: "JKT01", center_web_name: "Jakarta Kemang" },
      { center_code: "BDG01", center_web_name: "Bandung Dago" },
      { center_code: "SBY01", center_web_name: "Surabaya Darmo" },
    ]);
    const assignments = await testDb.db.query(
      `SELECT u.username, c.center_code, r.name AS role FROM assignments a
       JOIN users u ON u.id = a.user_id JOIN centers c ON c.id = a.center_id JOIN roles r ON r.id = a.role_id
       ORDER BY u.username, c.center_code`,
    );
    expect(assignments.rows).toEqual([
      { username: "editor", center_code: "JKT01", role: "Content Editor" },
      { username: "editor", center_code: "SBY01", role: "Viewer" },
      { username: "manager", center_code: "BDG01", role: "Center Manager" },
      { username: "manager", center_code: "JKT01", role: "Center Manager" },
    ]);
    const grants = await testDb.db.query(
      `SELECT r.name, count(*)::int AS n FROM role_permissions rp JOIN roles r ON r.id = rp.role_id GROUP BY r.name ORDER BY r.name`,
    );
    expect(grants.rows).toEqual([
      { name: "Center Manager", n: 4 },
      { name: "Content Editor", n: 2 },
      { name: "Viewer", n: 1 },
    ]);
  });

  it("leaves a database with users alone", async () => {
    expect(await seedDemo(testDb.db)).toBe(false);
    const { rows } = await testDb.db.query("SELECT count(*)::int AS n FROM users");
    expect(rows[0].n).toBe(3);
  });
});

describe("schema", () => {
  it("keeps usernames unique regardless of case", async () => {
    await expect(
      testDb.db.query("INSERT INTO users (username, password_hash, fullname, user_type) VALUES ('EDITOR', 'x', 'x', 'center_staff')"),
    ).rejects.toMatchObject({ code: "23505" });
  });

  it("accepts only superadmin or center_* user types", async () => {
    await expect(
      testDb.db.query("INSERT INTO users (username, password_hash, fullname, user_type) VALUES ('a1', 'x', 'x', 'centerstaff')"),
    ).rejects.toMatchObject({ code: "23514" });
    await expect(testDb.db.query("INSERT INTO users (username, password_hash, fullname, user_type) VALUES ('a2', 'x', 'x', 'guest')")).rejects.toMatchObject({
      code: "23514",
    });
  });

  it("rolls a transaction back when its function throws", async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await tx.query("INSERT INTO centers (center_code, center_web_name) VALUES ('TMP01', 'Temp')");
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    const { rows } = await testDb.db.query("SELECT count(*)::int AS n FROM centers WHERE center_code = 'TMP01'");
    expect(rows[0].n).toBe(0);
  });

  it("makes a nested transaction a savepoint", async () => {
    await testDb.db.transaction(async (tx) => {
      await tx.query("INSERT INTO centers (center_code, center_web_name) VALUES ('TMP02', 'Kept')");
      await expect(
        tx.transaction(async (inner) => {
          await inner.query("INSERT INTO centers (center_code, center_web_name) VALUES ('TMP03', 'Dropped')");
          throw new Error("inner");
        }),
      ).rejects.toThrow("inner");
    });
    const { rows } = await testDb.db.query("SELECT center_code FROM centers WHERE center_code LIKE 'TMP%' ORDER BY 1");
    expect(rows).toEqual([{ center_code: "TMP02" }]);
    await testDb.db.query("DELETE FROM centers WHERE center_code = 'TMP02'");
  });
});
