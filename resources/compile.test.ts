import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import {
  bodySchema,
  breaksRule,
  comparableValue,
  crossFieldRules,
  fieldDependencies,
  formRules,
  listQuerySchema,
  localizeDefinition,
  MESSAGE_KEYWORD,
  missingTexts,
  sortableFields,
  type FormRule,
  type FormRuleEntry,
} from "./compile";
import { readDefinitions } from "../server/definitions/load";
import careers from "./careers";
import { testimonials } from "./fixtures/testimonials";
import posts from "./posts";
import roles from "./roles";
import users from "./users";
import { defineResource, type Field, type ListView } from "./types";

// As the server configures it: unknown fields fail instead of being dropped.
const ajv = new Ajv({ allErrors: true, removeAdditional: false, useDefaults: true, coerceTypes: "array", keywords: [MESSAGE_KEYWORD] });
addFormats(ajv);

const validPost = { title: "Open day", slug: "open-day", type: "news", content: "<p>Come</p>" };

/** Runs antd-style rules the way a Form.Item does: functions get the form first. */
async function validate(rules: FormRuleEntry[], value: unknown, form: Record<string, unknown>): Promise<string[]> {
  const errors: string[] = [];
  for (const entry of rules) {
    const rule: FormRule = typeof entry === "function" ? entry({ getFieldValue: (name) => form[name] }) : entry;
    if (!rule.validator) continue;
    await rule.validator(rule, value).catch((err: Error) => errors.push(err.message));
  }
  return errors;
}

describe("bodySchema", () => {
  const create = ajv.compile(bodySchema(posts, "create"));
  const update = ajv.compile(bodySchema(posts, "update"));

  it("accepts a valid body, with the server's own fields and a change note", () => {
    expect(create({ ...validPost, status: "published", id: 3, created_by: 1, change_note: "first" })).toBe(true);
  });

  it("rejects unknown fields", () => {
    expect(create({ ...validPost, colour: "red" })).toBe(false);
    expect(create.errors).toContainEqual(expect.objectContaining({ keyword: "additionalProperties", params: { additionalProperty: "colour" } }));
  });

  it("rejects wrong types and values", () => {
    expect(create({ ...validPost, title: { text: "x" } })).toBe(false);
    expect(create({ ...validPost, type: "party" })).toBe(false);
    expect(create({ ...validPost, tags: "one" })).toBe(true); // coerced to ["one"], as Fastify does
    expect(create({ ...validPost, starts_at: "tomorrow" })).toBe(false);
    expect(create({ ...validPost, slug: "Not A Slug" })).toBe(false);
    expect(create.errors?.[0]).toMatchObject({ keyword: "pattern", instancePath: "/slug" });
    const job = ajv.compile(bodySchema(careers, "create"));
    expect(job({ title: "T", employment_type: "full_time", description: "d", salary_min: 1.5 })).toBe(false);
    expect(job({ title: "T", employment_type: "full_time", description: "d", salary_min: -1 })).toBe(false);
  });

  it("requires the fields marked required, and the version on update", () => {
    expect(create({ title: "x" })).toBe(false);
    expect(
      create.errors
        ?.map((e) => e.params.missingProperty)
        .filter(Boolean)
        .sort(),
    ).toEqual(["content", "slug", "type"]);
    expect(update(validPost)).toBe(false);
    expect(update({ ...validPost, version: 2 })).toBe(true);
  });

  it("lets optional fields be null", () => {
    expect(create({ ...validPost, excerpt: null, starts_at: null, tags: null })).toBe(true);
  });
});

describe("listQuerySchema", () => {
  const query = ajv.compile(listQuerySchema(posts));

  it("defaults the page and caps the limit at 100", () => {
    const q: Record<string, unknown> = {};
    expect(query(q)).toBe(true);
    expect(q).toEqual({ page: 1, limit: 10 });
    expect(query({ limit: 100 })).toBe(true);
    expect(query({ limit: 101 })).toBe(false);
    expect(query({ page: 0 })).toBe(false);
  });

  it("sorts by the sortable fields only", () => {
    expect(sortableFields(posts)).toEqual(["created_at", "updated_at", "title", "starts_at"]);
    expect(query({ sort: "-starts_at,title" })).toBe(true);
    expect(query({ sort: "content" })).toBe(false);
    expect(query({ sort: "-title;drop" })).toBe(false);
  });

  it("takes the filters of filterable fields and refuses other parameters", () => {
    expect(query({ type: "news,exhibition", starts_at__gte: "2026-01-01", q: "club", ids: "1,2" })).toBe(true);
    expect(query({ venue: "Hall" })).toBe(false);
    expect(query({ ids: "1;2" })).toBe(false);
  });
});

describe("cross-field rules", () => {
  // A test-only definition with every comparable kind: dates, datetimes and numbers.
  const term = defineResource({
    name: "terms",
    label: "Term",
    labelPlural: "Terms",
    permissionKey: "content_management",
    scope: "center",
    titleField: "name",
    approval: false,
    history: false,
    fields: [
      { name: "name", label: "Name", type: "text", required: true },
      { name: "opens_on", label: "Opens", type: "date" },
      { name: "closes_on", label: "Closes", type: "date" },
      { name: "min_age", label: "From age", type: "number" },
      { name: "max_age", label: "To age", type: "number" },
    ],
    rules: [
      { kind: "notBefore", field: "closes_on", than: "opens_on", message: "Closes before it opens" },
      { kind: "notBefore", field: "max_age", than: "min_age", message: "Ages out of order" },
    ],
    routes: {},
  });
  const [dateRule, ageRule] = term.rules;
  const [postRule] = posts.rules;
  const of = (values: Record<string, unknown>) => (name: string) => values[name];

  it("compares numbers as numbers, not as text", () => {
    expect(breaksRule(term, ageRule, of({ min_age: 9, max_age: 10 }))).toBe(false);
    expect(breaksRule(term, ageRule, of({ min_age: 10, max_age: 9 }))).toBe(true);
    expect(breaksRule(term, ageRule, of({ min_age: 10, max_age: 10 }))).toBe(false);
    expect(breaksRule(careers, careers.rules[0], of({ salary_min: 9_000_000, salary_max: 10_000_000 }))).toBe(false);
  });

  it("compares datetimes as instants, whatever their offsets", () => {
    // 09:00+07:00 is 02:00Z: an end at 03:00Z is after it, though its text sorts before.
    expect(breaksRule(posts, postRule, of({ starts_at: "2026-05-01T09:00:00+07:00", ends_at: "2026-05-01T03:00:00Z" }))).toBe(false);
    expect(breaksRule(posts, postRule, of({ starts_at: "2026-05-01T09:00:00+07:00", ends_at: "2026-05-01T01:59:00Z" }))).toBe(true);
  });

  it("compares dates, the same day being allowed", () => {
    expect(breaksRule(term, dateRule, of({ opens_on: "2026-09-01", closes_on: "2026-08-31" }))).toBe(true);
    expect(breaksRule(term, dateRule, of({ opens_on: "2026-09-01", closes_on: "2026-09-01" }))).toBe(false);
  });

  it("says nothing while either side is empty or unreadable", () => {
    expect(breaksRule(term, dateRule, of({ opens_on: "2026-09-01", closes_on: null }))).toBe(false);
    expect(breaksRule(term, dateRule, of({ closes_on: "2026-09-01" }))).toBe(false);
    expect(breaksRule(term, ageRule, of({ min_age: "", max_age: 3 }))).toBe(false);
    expect(breaksRule(term, dateRule, of({ opens_on: "soon", closes_on: "2026-09-01" }))).toBe(false);
  });

  it("reads what a form holds too: dayjs-like objects and numeric text", () => {
    const field = term.fields[1] as Field;
    const day = { valueOf: () => Date.parse("2026-09-01T00:00:00Z") };
    expect(comparableValue(field, day)).toBe(comparableValue(field, "2026-09-01"));
    expect(comparableValue(term.fields[3] as Field, "12")).toBe(12);
  });

  it("names the fields whose change re-validates a field", () => {
    expect(fieldDependencies(term, "closes_on")).toEqual(["opens_on"]);
    expect(fieldDependencies(term, "opens_on")).toEqual([]);
    expect(fieldDependencies(posts, "ends_at")).toEqual(["starts_at"]);
    expect(fieldDependencies(careers, "salary_max")).toEqual(["salary_min"]);
    expect(fieldDependencies(careers, "title")).toEqual([]);
  });

  it("compiles into form rules on the rule's field, reading the other side from the form", async () => {
    const closes = term.fields.find((f) => f.name === "closes_on")!;
    const rules = formRules(closes, "create", "en", term);
    expect(await validate(rules, "2026-08-31", { opens_on: "2026-09-01" })).toEqual(["Closes before it opens"]);
    expect(await validate(rules, "2026-09-02", { opens_on: "2026-09-01" })).toEqual([]);
    expect(await validate(rules, "2026-08-31", { opens_on: null })).toEqual([]);
    // The other side carries no rule of its own; without the definition, no cross-field rule.
    expect(formRules(term.fields.find((f) => f.name === "opens_on")!, "create", "en", term)).toEqual([]);
    expect(formRules(closes)).toEqual([]);
  });

  it("gives posts and careers their declared rules", async () => {
    const endsAt = posts.fields.find((f) => f.name === "ends_at")!;
    expect(await validate(crossFieldRules(posts, "ends_at"), "2026-05-01T01:00:00.000Z", { starts_at: "2026-05-01T02:00:00.000Z" })).toEqual([
      "The end must not be before the start",
    ]);
    expect(await validate(formRules(endsAt, "edit", "en", posts), "2026-05-01T03:00:00.000Z", { starts_at: "2026-05-01T02:00:00.000Z" })).toEqual([]);
    const salaryMax = careers.fields.find((f) => f.name === "salary_max")!;
    expect(await validate(formRules(salaryMax, "create", "en", careers), 9, { salary_min: 10 })).toEqual([
      "The maximum salary must not be less than the minimum",
    ]);
    expect(await validate(formRules(salaryMax, "create", "en", careers), 10, { salary_min: 9 })).toEqual([]);
  });
});

describe("translations", () => {
  it("gives every definition of the resources folder, and the test fixture, all its Indonesian texts", async () => {
    // Every file the server reads as a definition, the custom-engine ones (users, roles) included.
    const definitions = await readDefinitions();
    expect(definitions.map((d) => d.name)).toEqual(
      expect.arrayContaining(["posts", "careers", "center-informations", "center-links", "images", "roles", "users"]),
    );
    for (const definition of [...definitions, testimonials]) expect({ [definition.name]: missingTexts(definition, "id") }).toEqual({ [definition.name]: [] });
  });

  it("names what a translation lacks", () => {
    const { translations, ...bare } = posts;
    expect(translations.id.label).toBe("Postingan");
    expect(missingTexts(bare, "id")).toEqual(["translations.id"]);
    const partial = {
      ...posts,
      translations: { id: { ...posts.translations.id, fields: { ...posts.translations.id.fields, slug: { label: "Slug" } }, rules: [] } },
    };
    expect(missingTexts(partial, "id")).toEqual(["fields.slug.help", "fields.slug.pattern", "rules.0"]);
    const { usage: _, ...rolesTexts } = roles.translations.id;
    expect(missingTexts({ ...roles, translations: { id: rolesTexts } }, "id")).toEqual(["usage.label", "usage.blocksDelete"]);
  });

  it("localizes what a record's uses say: the column and why its delete is off", () => {
    expect(localizeDefinition(roles, "id").usage).toEqual({
      field: "holder_count",
      label: "Pengguna",
      blocksDelete: "Peran ini dipegang pengguna: berikan peran lain kepada mereka sebelum menghapusnya",
    });
  });

  it("localizes posts into Indonesian: labels, help, options, views and rules; names, values and routes unchanged", async () => {
    const id = localizeDefinition(posts, "id");
    expect([id.label, id.labelPlural]).toEqual(["Postingan", "Postingan"]);
    expect(id.fields.map((f) => f.name)).toEqual(posts.fields.map((f) => f.name));
    const slug = id.fields.find((f) => f.name === "slug")!;
    expect(slug).toMatchObject({
      label: "Slug",
      help: "Alamat postingan di situs web: kata-kata berhuruf kecil yang digabung dengan tanda hubung",
      pattern: { regex: "^[a-z0-9]+(?:-[a-z0-9]+)*$", message: "Gunakan huruf kecil, angka, dan tanda hubung tunggal" },
      placeholder: "english-club-march",
    });
    const type = id.fields.find((f) => f.name === "type")!;
    expect(type.type === "select" && type.options).toEqual([
      { value: "life_club", label: "Life Club" },
      { value: "exhibition", label: "Pameran" },
      { value: "special_event", label: "Acara Khusus" },
      { value: "news", label: "Berita" },
    ]);
    expect((id.views as readonly ListView[] | undefined)?.map((v) => [v.path, v.label, v.preset, v.permissionKey])).toEqual([
      ["/app/events/life-club", "Life Club", { type: "life_club" }, undefined],
      ["/app/events/exhibitions", "Pameran", { type: "exhibition" }, undefined],
      ["/app/events/special-events", "Acara Khusus", { type: "special_event" }, null],
    ]);
    expect(id.rules).toEqual([{ kind: "notBefore", field: "ends_at", than: "starts_at", message: "Waktu selesai tidak boleh sebelum waktu mulai" }]);
    expect(id.routes).toEqual(posts.routes);
    expect([id.name, id.permissionKey, id.titleField, id.approval, id.menu]).toEqual([
      posts.name,
      posts.permissionKey,
      posts.titleField,
      posts.approval,
      posts.menu,
    ]);
    // The form says it in Indonesian too: the rules it compiles carry the translated messages.
    const endsAt = id.fields.find((f) => f.name === "ends_at")!;
    expect(await validate(formRules(endsAt, "edit", "id", id), "2026-05-01T01:00:00.000Z", { starts_at: "2026-05-01T02:00:00.000Z" })).toEqual([
      "Waktu selesai tidak boleh sebelum waktu mulai",
    ]);
    // The English definition is untouched.
    expect(posts.fields.find((f) => f.name === "type")).toMatchObject({
      label: "Type",
      options: [
        { value: "life_club", label: "Life Club" },
        { value: "exhibition", label: "Exhibition" },
        { value: "special_event", label: "Special Event" },
        { value: "news", label: "News" },
      ],
    });
  });

  it("localizes record actions: label, description and their fields", () => {
    const id = localizeDefinition(users, "id");
    const [reset, end] = id.recordActions!;
    expect(reset).toMatchObject({
      name: "reset-password",
      path: "password",
      label: "Atur ulang password",
      fields: [{ name: "new_password", label: "Password baru", minLength: 8 }],
    });
    expect(end).toMatchObject({ name: "end-sessions", path: "sessions/end", label: "Keluarkan dari semua perangkat" });
    expect(end!.description).toMatch(/^Pengguna ini /);
    const userType = id.fields.find((f) => f.name === "user_type")!;
    expect(userType.type === "select" && userType.options.map((o) => o.value)).toEqual(["superadmin", "center_admin", "center_staff"]);
  });

  it("returns the definition as it is in English", () => {
    expect(localizeDefinition(posts, "en")).toBe(posts);
    expect(localizeDefinition(users, "en")).toBe(users);
  });
});
