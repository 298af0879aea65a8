import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { bodySchema, listQuerySchema, MESSAGE_KEYWORD, sortableFields } from "./compile";
import careers from "./careers";
import posts from "./posts";

// As the server configures it: unknown fields fail instead of being dropped.
const ajv = new Ajv({ allErrors: true, removeAdditional: false, useDefaults: true, coerceTypes: "array", keywords: [MESSAGE_KEYWORD] });
addFormats(ajv);

const validPost = { title: "Open day", slug: "open-day", type: "news", content: "<p>Come</p>" };

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
    expect(create.errors?.map((e) => e.params.missingProperty).filter(Boolean).sort()).toEqual(["content", "slug", "type"]);
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
