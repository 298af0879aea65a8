// Per-definition indexes on the one documents table, created at start from the definitions, so a
// new content type (or a field newly marked sortable, filterable or unique) needs no migration.
import { createHash } from "node:crypto";
import type { Db } from "../db/client.js";
import { fieldExpr, indexName, lowerExpr, resourceLiteral } from "../documents/sql.js";
import type { ResourceDefinition } from "../../resources/types.js";

const INDEX_LOCK_KEY = 7_262_003;

export interface IndexSpec {
  name: string;
  sql: string;
}

const shortHash = (text: string) => createHash("sha1").update(text).digest("hex").slice(0, 8);

function spec(def: ResourceDefinition, part: string, body: string): IndexSpec {
  // The hash of the definition's SQL is in the name: a changed expression gets a new index.
  const name = indexName(def, part, shortHash(body));
  return { name, sql: body.replace("%NAME%", name) };
}

export function indexSpecs(definitions: readonly ResourceDefinition[]): IndexSpec[] {
  const specs: IndexSpec[] = [];
  for (const def of definitions) {
    const where = `WHERE resource = ${resourceLiteral(def)} AND deleted_at IS NULL`;
    for (const field of def.fields) {
      if (field.sortable || field.filterable) {
        specs.push(spec(def, field.name, `CREATE INDEX IF NOT EXISTS %NAME% ON documents (center_code, ${fieldExpr(field)}, id) ${where}`));
      }
      if (field.unique) {
        specs.push(
          spec(def, `${field.name}_uq`, `CREATE UNIQUE INDEX IF NOT EXISTS %NAME% ON documents (COALESCE(center_code, ''), ${lowerExpr(field)}) ${where}`),
        );
      }
    }
    if (def.singleton) {
      specs.push(spec(def, "one", `CREATE UNIQUE INDEX IF NOT EXISTS %NAME% ON documents (COALESCE(center_code, '')) ${where}`));
    }
  }
  return specs;
}

async function documentIndexes(db: Db): Promise<Set<string>> {
  const { rows } = await db.query<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'documents' AND indexname LIKE 'doc\\_%'",
  );
  return new Set(rows.map((r) => r.indexname));
}

/**
 * Creates the missing indexes and drops `doc_*` indexes no definition asks for any more. Runs under
 * an advisory lock so instances starting together on one PostgreSQL do not race.
 */
export async function ensureDocumentIndexes(db: Db, definitions: readonly ResourceDefinition[]): Promise<string[]> {
  const specs = indexSpecs(definitions);
  const wanted = new Set(specs.map((s) => s.name));
  // Every start but the one after a definition changed: one read finds nothing to do.
  const now = await documentIndexes(db);
  if (now.size === wanted.size && [...wanted].every((name) => now.has(name))) return [];
  return db.transaction(async (tx) => {
    if (tx.kind === "pg") await tx.query("SELECT pg_advisory_xact_lock($1)", [INDEX_LOCK_KEY]);
    const existing = await documentIndexes(tx);
    const created: string[] = [];
    for (const s of specs) {
      if (existing.has(s.name)) continue;
      await tx.exec(s.sql);
      created.push(s.name);
    }
    for (const name of existing) if (!wanted.has(name)) await tx.exec(`DROP INDEX IF EXISTS "${name.replace(/"/g, "")}"`);
    return created;
  });
}
