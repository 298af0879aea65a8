// The server's view of resources/: every definition file there, so adding a content type is adding
// one file. Server code, the server's build (scripts/build-server.ts), the benches and the tests
// read the folder through this file; the console reads it with Vite's import.meta.glob
// (resources/index.ts, whose exclusions load.test.ts holds to NOT_DEFINITIONS). Run from source,
// the files are imported from disk; the bundle `npm start` builds carries them (server/embedded.ts)
// and goes back to the disk only when a file was added or changed since the build.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { COMPARABLE_TYPES } from "../../resources/compile.js";
import { scheduleOf, SYSTEM_FIELDS, type CrossFieldRule, type Field, type ResourceDefinition } from "../../resources/types.js";
import { isTimeZone } from "../../protocol/timeZones.js";
import { embedded } from "../embedded.js";

export const RESOURCES_DIR = embedded.definitions?.dir ?? fileURLToPath(new URL("../../resources/", import.meta.url));

/** The files of resources/ that are not definitions (besides tests). */
export const NOT_DEFINITIONS: ReadonlySet<string> = new Set(["types.ts", "index.ts", "compile.ts"]);
const RESOURCE_NAME = /^[a-z][a-z0-9_-]*$/;
const FIELD_NAME = /^[a-z][a-z0-9_]*$/;
// /api/<name> paths the API serves itself (the public read API lives under /api/public/<name>).
const TAKEN_NAMES = new Set(["uploads", "public", "docs", "approvals"]);
// Written by the server or taken by the API itself; a field may not use them.
const RESERVED = new Set<string>([...SYSTEM_FIELDS, "change_note", "page", "limit", "sort", "q", "ids"]);

export class DefinitionError extends Error {
  override name = "DefinitionError";
}

const isSource = (f: string) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts");

/** The definition files of a resources folder, by name. */
export function definitionFiles(dir = RESOURCES_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => isSource(f) && !NOT_DEFINITIONS.has(f))
    .sort();
}

/** Names and contents of every source file of the folder (definitions and what they import). */
export function definitionsHash(dir = RESOURCES_DIR): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(dir).filter(isSource).sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(dir, file)))
      .update("\0");
  return hash.digest("hex");
}

/**
 * The bundle's definitions, while resources/ still holds what was bundled (or is not shipped at
 * all); undefined when a file was added or changed since the build.
 */
export function bundledDefinitions(dir: string) {
  const bundled = embedded.definitions;
  if (!bundled || dir !== bundled.dir) return undefined;
  if (!existsSync(dir) || definitionsHash(dir) === bundled.hash) return bundled.modules;
  process.stderr.write("resources/ changed since the server was built: reading its definitions from disk (`npm start` rebuilds).\n");
  return undefined;
}

/** Imports one definition file by its URL. */
export type ImportFile = (url: string) => Promise<unknown>;

let tsLoader: Promise<unknown> | undefined;

/** Node's own import: run from source, tsx (or Vitest) already loads .ts; the bundle registers tsx only now. */
const importTs: ImportFile = async (url) => {
  if (embedded.definitions) tsLoader ??= import("tsx/esm/api").then((tsx) => tsx.register());
  await tsLoader;
  return import(url);
};

async function importFromDisk(dir: string, importFile: ImportFile) {
  const modules: { file: string; definition: ResourceDefinition | undefined }[] = [];
  for (const file of definitionFiles(dir)) {
    const mod = (await importFile(pathToFileURL(join(dir, file)).href)) as { default?: ResourceDefinition };
    modules.push({ file, definition: mod.default });
  }
  return modules;
}

/**
 * Every definition of the folder, the custom-engine ones (users, roles) included, by file name.
 * `importFile` is for callers that run where .ts is not loaded yet (a build's config: tsx's
 * `tsImport`).
 */
export async function readDefinitions(dir = RESOURCES_DIR, importFile: ImportFile = importTs): Promise<ResourceDefinition[]> {
  const modules = bundledDefinitions(dir) ?? (await importFromDisk(dir, importFile));
  return modules.map(({ file, definition: def }) => {
    if (!def || typeof def !== "object" || typeof def.name !== "string" || !Array.isArray(def.fields)) {
      throw new DefinitionError(`resources/${file} must export a resource definition as its default export`);
    }
    return def;
  });
}

/** The definitions the documents engine serves (engine "custom" ones have their own routes), checked. */
export async function loadDefinitions(dir = RESOURCES_DIR): Promise<ResourceDefinition[]> {
  const definitions = (await readDefinitions(dir)).filter((def) => def.engine !== "custom");
  definitions.sort((a, b) => a.name.localeCompare(b.name));
  validateDefinitions(definitions);
  return definitions;
}

/** A cross-field rule compares two different fields of the definition, of one comparable type. */
function validateRule(where: string, fields: ReadonlyMap<string, Field>, rule: CrossFieldRule): void {
  const what = `${where}: rule ${JSON.stringify(rule.kind)} on "${rule.field}"`;
  if (rule.kind !== "notBefore" && rule.kind !== "after") throw new DefinitionError(`${what}: the kind must be "notBefore" or "after"`);
  const field = fields.get(rule.field);
  const than = fields.get(rule.than);
  if (!field) throw new DefinitionError(`${what}: "${rule.field}" is not one of its fields`);
  if (!than) throw new DefinitionError(`${what}: "${rule.than}" is not one of its fields`);
  if (field === than) throw new DefinitionError(`${what}: compares the field with itself`);
  if (!COMPARABLE_TYPES.includes(field.type) || field.type !== than.type) {
    throw new DefinitionError(`${what}: compares a ${field.type} with a ${than.type}; both must be numbers, dates, datetimes or choices, the same for both`);
  }
  // Choices compare by their place in the options: both sides must offer the same ones.
  if (field.type === "select" && than.type === "select" && field.options.map((o) => o.value).join("\n") !== than.options.map((o) => o.value).join("\n")) {
    throw new DefinitionError(`${what}: compares choices with different options; both must offer the same, in the same order`);
  }
  if (typeof rule.message !== "string" || rule.message.trim() === "") throw new DefinitionError(`${what}: needs a message`);
}

/** `schedule` and `centerTimeZoneField` name fields that can hold what they say. */
function validateSchedule(where: string, def: ResourceDefinition, fields: ReadonlyMap<string, Field>): void {
  if (def.schedule !== undefined && typeof def.schedule !== "boolean" && (typeof def.schedule !== "object" || def.schedule === null)) {
    throw new DefinitionError(`${where}: schedule must be true, false or { takeDownFrom }`);
  }
  const from = scheduleOf(def)?.takeDownFrom;
  if (from !== undefined) {
    const field = fields.get(from);
    if (!field) throw new DefinitionError(`${where}: schedule.takeDownFrom "${from}" is not one of its fields`);
    if (field.type !== "date" && field.type !== "datetime") {
      throw new DefinitionError(`${where}: schedule.takeDownFrom "${from}" is a ${field.type}; it must be a date or a datetime`);
    }
  }
  const zoneField = def.centerTimeZoneField;
  if (zoneField === undefined) return;
  const field = fields.get(zoneField);
  if (!field) throw new DefinitionError(`${where}: centerTimeZoneField "${zoneField}" is not one of its fields`);
  if (!def.singleton || def.scope !== "center") throw new DefinitionError(`${where}: centerTimeZoneField needs a singleton of scope "center" (one per center)`);
  if (field.type === "select") {
    const bad = field.options.find((o) => !isTimeZone(o.value));
    if (bad) throw new DefinitionError(`${where}: centerTimeZoneField "${zoneField}" offers "${bad.value}", which is no IANA time zone`);
  } else if (field.type !== "text") {
    throw new DefinitionError(`${where}: centerTimeZoneField "${zoneField}" is a ${field.type}; it must be a select of zones or a text`);
  }
}

/** `centerBusinessHours` names a center singleton's fields: weekdays to choose, and times of day. */
function validateBusinessHours(where: string, def: ResourceDefinition, fields: ReadonlyMap<string, Field>): void {
  const names = def.centerBusinessHours;
  if (names === undefined) return;
  const what = `${where}: centerBusinessHours`;
  if (!def.singleton || def.scope !== "center") throw new DefinitionError(`${what} needs a singleton of scope "center" (one per center)`);
  const days = fields.get(names.days);
  if (days?.type !== "multiselect" || !days.options || days.options.some((o) => !/^[1-7]$/.test(o.value))) {
    throw new DefinitionError(`${what}: "${names.days}" must be a multiselect of ISO weekdays ("1" Monday to "7" Sunday)`);
  }
  for (const name of [names.opens, names.closes]) {
    const field = fields.get(name);
    if (field?.type !== "select" || field.options.some((o) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(o.value))) {
      throw new DefinitionError(`${what}: "${name}" must be a select of "HH:MM" times`);
    }
  }
}

/** Throws a DefinitionError naming the first problem, so a bad file stops the start clearly. */
export function validateDefinitions(definitions: readonly ResourceDefinition[]): void {
  const names = new Set<string>();
  for (const def of definitions) {
    const where = `Resource "${def.name}"`;
    if (!RESOURCE_NAME.test(def.name)) throw new DefinitionError(`${where}: the name must match ${RESOURCE_NAME}`);
    if (TAKEN_NAMES.has(def.name)) throw new DefinitionError(`${where}: the name is taken by the API`);
    if (names.has(def.name)) throw new DefinitionError(`${where} is defined twice`);
    names.add(def.name);
    const fields = new Map(def.fields.map((f) => [f.name, f]));
    if (fields.size !== def.fields.length) throw new DefinitionError(`${where}: two fields share a name`);
    for (const field of def.fields) {
      if (!FIELD_NAME.test(field.name)) throw new DefinitionError(`${where}: field "${field.name}" must match ${FIELD_NAME}`);
      if (RESERVED.has(field.name)) throw new DefinitionError(`${where}: field "${field.name}" clashes with a system field`);
      if (field.type === "assignments" || field.type === "permissions") {
        throw new DefinitionError(`${where}: field "${field.name}" of type ${field.type} needs engine "custom"`);
      }
      if ((field.sortable || field.filterable) && field.type === "multiselect") {
        throw new DefinitionError(`${where}: multiselect field "${field.name}" cannot be sortable or filterable`);
      }
    }
    for (const field of def.fields) {
      if (field.type !== "text" || field.slugFrom === undefined) continue;
      const source = fields.get(field.slugFrom);
      if (!source || source === field || (source.type !== "text" && source.type !== "textarea")) {
        throw new DefinitionError(`${where}: field "${field.name}" takes its slug from "${field.slugFrom}", which is not another of its text fields`);
      }
    }
    if (def.usage) throw new DefinitionError(`${where}: usage needs engine "custom" (the generic engine counts no uses)`);
    if (!fields.has(def.titleField)) throw new DefinitionError(`${where}: titleField "${def.titleField}" is not one of its fields`);
    if (def.openingHoursField !== undefined && !fields.has(def.openingHoursField)) {
      throw new DefinitionError(`${where}: openingHoursField "${def.openingHoursField}" is not one of its fields`);
    }
    validateSchedule(where, def, fields);
    validateBusinessHours(where, def, fields);
    for (const column of def.list?.columns ?? []) {
      if (!fields.has(column) && !(SYSTEM_FIELDS as readonly string[]).includes(column)) {
        throw new DefinitionError(`${where}: list column "${column}" is not one of its fields`);
      }
    }
    const sort = def.list?.defaultSort;
    if (sort) {
      for (const key of sort.split(",")) {
        const name = key.replace(/^-/, "");
        if (name !== "created_at" && name !== "updated_at" && !fields.get(name)?.sortable) {
          throw new DefinitionError(`${where}: defaultSort "${name}" is not a sortable field`);
        }
      }
    }
    if (!["center", "global"].includes(def.scope)) throw new DefinitionError(`${where}: scope must be "center" or "global"`);
    for (const rule of def.rules ?? []) validateRule(where, fields, rule);
  }
  for (const def of definitions) {
    for (const field of def.fields) {
      if (field.type === "reference" && !names.has(field.resource)) {
        throw new DefinitionError(`Resource "${def.name}": field "${field.name}" refers to unknown resource "${field.resource}"`);
      }
    }
  }
}
