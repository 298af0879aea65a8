import { describe, expect, it } from "vitest";
import posts from "../../resources/posts.js";
import type { ResourceDefinition } from "../../resources/types.js";
import { indexSpecs } from "../resources/indexes.js";
import { DefinitionError, loadDefinitions, validateDefinitions } from "../resources/load.js";
import { testimonials } from "./documents.fixtures.js";

describe("loadDefinitions", () => {
  it("finds every documents-engine definition file in resources/, by name", async () => {
    expect((await loadDefinitions()).map((d) => d.name)).toEqual(["careers", "center-informations", "center-links", "images", "posts"]);
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
    ["a reference to nothing", withField({ name: "owner", label: "O", type: "reference", resource: "ghosts" }), /unknown resource "ghosts"/],
  ])("refuses %s", (_label, def, message) => {
    // posts is there for testimonials' reference to it.
    expect(() => validateDefinitions([def as ResourceDefinition, posts])).toThrow(DefinitionError);
    expect(() => validateDefinitions([def as ResourceDefinition, posts])).toThrow(message);
  });

  it("accepts the demo definitions and a reference between them", () => {
    expect(() => validateDefinitions([testimonials, posts])).not.toThrow();
  });

  it("refuses two definitions with one name", () => {
    expect(() => validateDefinitions([testimonials, testimonials])).toThrow(/defined twice/);
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
