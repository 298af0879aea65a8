import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import posts from "../../resources/posts.js";
import type { ResourceDefinition } from "../../resources/types.js";
import { indexSpecs } from "../definitions/indexes.js";
import { DefinitionError, loadDefinitions, NOT_DEFINITIONS, readDefinitions, RESOURCES_DIR, validateDefinitions } from "../definitions/load.js";
import { testimonials } from "./documents.fixtures.js";

describe("loadDefinitions", () => {
  it("finds every documents-engine definition file in resources/, by name", async () => {
    const names = (await loadDefinitions()).map((d) => d.name);
    // A new definition file (docs/content-types.md's example) joins the list without breaking this test.
    expect(names).toEqual(expect.arrayContaining(["careers", "center-informations", "center-links", "images", "posts"]));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    // Users and roles have their own routes (engine "custom").
    expect(names).not.toContain("users");
    expect(names).not.toContain("roles");
  });
});

describe("readDefinitions", () => {
  it("reads every definition, the custom-engine ones (users, roles) too", async () => {
    const names = (await readDefinitions()).map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(["careers", "posts", "roles", "users"]));
  });

  it("leaves out the same files as the console's registry (resources/index.ts's glob)", () => {
    const registry = readFileSync(`${RESOURCES_DIR}/index.ts`, "utf8");
    const glob = /import\.meta\.glob<[^>]*>\(\s*\[([^\]]*)\]/.exec(registry)?.[1] ?? "";
    const excluded = [...glob.matchAll(/"!\.\/([\w.*]+)"/g)].map((m) => m[1]!).filter((name) => !name.includes("*"));
    expect(excluded.sort()).toEqual([...NOT_DEFINITIONS].sort());
    expect(glob).toContain('"./*.ts"');
    expect(glob).toContain('"!./*.test.ts"');
  });
});

describe("validateDefinitions", () => {
  const withField = (field: object): ResourceDefinition => ({ ...testimonials, fields: [...testimonials.fields, field] }) as ResourceDefinition;
  it.each([
    ["a bad name", { ...testimonials, name: "Bad Name" }, /name must match/],
    ["a missing title field", { ...testimonials, titleField: "nope" }, /titleField "nope"/],
    ["a system field", withField({ name: "status", label: "S", type: "text" }), /clashes with a system field/],
    ["a bad field name", withField({ name: "Bad-Field", label: "B", type: "text" }), /must match/],
    ["an unknown default sort", { ...testimonials, list: { defaultSort: "-quote" } }, /defaultSort "quote"/],
    ["a slug from an unknown field", withField({ name: "slug", label: "S", type: "text", slugFrom: "headline" }), /slug from "headline"/],
    ["a slug from a number", withField({ name: "slug", label: "S", type: "text", slugFrom: "rating" }), /slug from "rating"/],
    ["a slug from itself", withField({ name: "slug", label: "S", type: "text", slugFrom: "slug" }), /slug from "slug"/],
    ["a count of uses", { ...testimonials, usage: { field: "uses", label: "Uses", blocksDelete: "In use" } }, /usage needs engine "custom"/],
    ["a reference to nothing", withField({ name: "owner", label: "O", type: "reference", resource: "ghosts" }), /unknown resource "ghosts"/],
  ])("refuses %s", (_label, def, message) => {
    // posts is there for testimonials' reference to it.
    expect(() => validateDefinitions([def as ResourceDefinition, posts])).toThrow(DefinitionError);
    expect(() => validateDefinitions([def as ResourceDefinition, posts])).toThrow(message);
  });

  it("accepts the demo definitions and a reference between them", () => {
    expect(() => validateDefinitions([testimonials, posts])).not.toThrow();
  });

  it.each([["public"], ["docs"], ["approvals"], ["uploads"]])("refuses the name %s, taken by the API", (name) => {
    expect(() => validateDefinitions([{ ...testimonials, name } as ResourceDefinition, posts])).toThrow(/taken by the API/);
  });

  describe("cross-field rules", () => {
    const withRule = (rule: object, extraFields: object[] = []): ResourceDefinition =>
      ({ ...testimonials, fields: [...testimonials.fields, ...extraFields], rules: [rule] }) as ResourceDefinition;
    const day = (name: string) => ({ name, label: name, type: "date" });
    const instant = (name: string) => ({ name, label: name, type: "datetime" });
    const select = (name: string, values: string[]) => ({ name, label: name, type: "select", options: values.map((value) => ({ value, label: value })) });
    const rule = (field: string, than: string) => ({ kind: "notBefore", field, than, message: "in order" });

    it.each([
      ["an unknown field", withRule(rule("ends_on", "rating"), []), /"ends_on" is not one of its fields/],
      ["an unknown other side", withRule(rule("rating", "floor"), []), /"floor" is not one of its fields/],
      ["a field against itself", withRule(rule("rating", "rating")), /compares the field with itself/],
      ["a number against a date", withRule(rule("rating", "starts_on"), [day("starts_on")]), /compares a number with a date/],
      ["a date against a datetime", withRule(rule("ends_on", "starts_at"), [day("ends_on"), instant("starts_at")]), /compares a date with a datetime/],
      ["text fields", withRule(rule("quote", "author")), /compares a textarea with a text/],
      ["an unknown kind", withRule({ ...rule("rating", "rating"), kind: "before" as "after" }), /the kind must be "notBefore" or "after"/],
      [
        "choices with different options",
        withRule(rule("closes", "opens"), [select("closes", ["08:00", "09:00"]), select("opens", ["09:00", "08:00"])]),
        /compares choices with different options/,
      ],
      ["no message", withRule({ ...rule("ends_on", "starts_on"), message: " " }, [day("ends_on"), day("starts_on")]), /needs a message/],
    ])("refuses %s", (_label, def, message) => {
      expect(() => validateDefinitions([def, posts])).toThrow(DefinitionError);
      expect(() => validateDefinitions([def, posts])).toThrow(message);
    });

    it("accepts choices with the same options, compared by their order", () => {
      const times = ["08:00", "09:00", "17:00"];
      const ok = withRule({ ...rule("closes", "opens"), kind: "after" }, [select("closes", times), select("opens", times)]);
      expect(() => validateDefinitions([ok, posts])).not.toThrow();
    });

    it("accepts numbers, dates and datetimes compared with their own kind", () => {
      const ok = withRule(rule("ends_on", "starts_on"), [day("ends_on"), day("starts_on"), { name: "floor", label: "F", type: "number" }]);
      expect(() => validateDefinitions([{ ...ok, rules: [...ok.rules!, rule("floor", "rating")] } as ResourceDefinition, posts])).not.toThrow();
    });

    it("accepts the demo definitions' rules", async () => {
      const defs = await loadDefinitions();
      expect(defs.flatMap((d) => (d.rules ?? []).map((r) => `${d.name}.${r.field}>=${r.than}`))).toEqual([
        "careers.salary_max>=salary_min",
        "center-informations.business_closes>=business_opens",
        "posts.ends_at>=starts_at",
      ]);
    });
  });

  it("refuses two definitions with one name", () => {
    expect(() => validateDefinitions([testimonials, testimonials])).toThrow(/defined twice/);
  });

  describe("schedules and centers' zones", () => {
    const zoned = (field: object, extra: object = {}) =>
      ({
        ...testimonials,
        singleton: true,
        centerTimeZoneField: "zone",
        fields: [...testimonials.fields, { name: "zone", label: "Zone", ...field }],
        ...extra,
      }) as ResourceDefinition;
    it.each([
      ["a takeDownFrom that names no field", { ...testimonials, schedule: { takeDownFrom: "ends" } }, /takeDownFrom "ends" is not one of its fields/],
      ["a takeDownFrom that is no date", { ...testimonials, schedule: { takeDownFrom: "rating" } }, /is a number; it must be a date or a datetime/],
      ["a schedule of another kind", { ...testimonials, schedule: "yes" }, /schedule must be true, false or/],
      [
        "a zone field that names no field",
        { ...testimonials, singleton: true, centerTimeZoneField: "zone" },
        /centerTimeZoneField "zone" is not one of its fields/,
      ],
      ["a zone field off a singleton", zoned({ type: "text" }, { singleton: false }), /needs a singleton of scope "center"/],
      [
        "a zone field offering no zone",
        zoned({ type: "select", options: [{ value: "Mars/Olympus", label: "Mars" }] }),
        /"Mars\/Olympus", which is no IANA time zone/,
      ],
      ["a zone field of a number", zoned({ type: "number" }), /must be a select of zones or a text/],
    ])("refuses %s", (_what, def, message) => {
      expect(() => validateDefinitions([def as ResourceDefinition, posts])).toThrow(message);
    });

    it("accepts the demo definitions' schedules and zone field", async () => {
      const defs = await loadDefinitions();
      expect(defs.filter((d) => d.schedule).map((d) => [d.name, d.schedule])).toEqual([
        ["careers", { takeDownFrom: "closing_date" }],
        ["images", true],
        ["posts", { takeDownFrom: "ends_at" }],
      ]);
      expect(defs.filter((d) => d.centerTimeZoneField).map((d) => d.name)).toEqual(["center-informations"]);
      expect(() => validateDefinitions([zoned({ type: "text" }), posts])).not.toThrow();
    });
  });

  describe("centers' business hours", () => {
    const times = [
      { value: "08:00", label: "08:00" },
      { value: "17:00", label: "17:00" },
    ];
    const hours = (days: object, opens: object = { type: "select", options: times }, extra: object = {}) =>
      ({
        ...testimonials,
        singleton: true,
        centerBusinessHours: { days: "days", opens: "opens", closes: "closes" },
        fields: [
          ...testimonials.fields,
          { name: "days", label: "Days", ...days },
          { name: "opens", label: "Opens", ...opens },
          { name: "closes", label: "Closes", type: "select", options: times },
        ],
        ...extra,
      }) as ResourceDefinition;
    const weekdays = { type: "multiselect", options: ["1", "2", "3", "4", "5"].map((value) => ({ value, label: value })) };
    it.each([
      ["off a singleton", hours(weekdays, undefined, { singleton: false }), /centerBusinessHours needs a singleton of scope "center"/],
      ["days that are no weekdays", hours({ type: "multiselect", options: [{ value: "8", label: "Someday" }] }), /must be a multiselect of ISO weekdays/],
      ["days as text", hours({ type: "text" }), /must be a multiselect of ISO weekdays/],
      [
        "an opening that is no time",
        hours(weekdays, { type: "select", options: [{ value: "9am", label: "9am" }] }),
        /"opens" must be a select of "HH:MM" times/,
      ],
    ])("refuses %s", (_what, def, message) => {
      expect(() => validateDefinitions([def, posts])).toThrow(message);
    });

    it("accepts weekdays and times, and the demo's centre information", async () => {
      expect(() => validateDefinitions([hours(weekdays), posts])).not.toThrow();
      const defs = await loadDefinitions();
      expect(defs.filter((d) => d.centerBusinessHours).map((d) => d.name)).toEqual(["center-informations"]);
    });
  });
});

describe("indexSpecs", () => {
  it("indexes sortable and filterable fields, and unique ones per center, with safe names", () => {
    const specs = indexSpecs([testimonials]);
    expect(specs.map((s) => s.name.replace(/_[0-9a-f]{8}$/, ""))).toEqual(["doc_testimonials_author", "doc_testimonials_rating", "doc_testimonials_featured"]);
    expect(specs[1]!.sql).toContain("((data->>'rating')::numeric)");
    expect(specs[1]!.sql).toContain("WHERE resource = 'testimonials' AND deleted_at IS NULL");
  });
});
