import { describe, expect, it } from "vitest";
import { registry } from "../../resources";
import { MODES, PERMISSION_KEYS } from "../../resources/types";
import { allowedByMatrix, modeForAction, requirementFor } from "../canAccess";

describe("modeForAction", () => {
  it.each([
    ["list", "read"],
    ["show", "read"],
    ["history", "read"],
    ["create", "create"],
    ["clone", "create"],
    ["edit", "update"],
    ["delete", "delete"],
    ["read", "read"],
    ["update", "update"],
  ])("%s → %s", (action, mode) => expect(modeForAction(action)).toBe(mode));
  it("knows no other action", () => expect(modeForAction("approve-all")).toBeUndefined());
});

describe("requirementFor", () => {
  it("maps every registered resource to its key for every action", () => {
    for (const resource of registry) {
      for (const action of ["list", "create", "edit", "delete"]) {
        const mode = modeForAction(action)!;
        const expected = resource.openModes?.includes(mode) ? "open" : { key: resource.permissionKey, mode };
        expect(requirementFor(registry, { resource: resource.name, action })).toEqual(expected);
      }
    }
  });

  it("lets the careers list through without a key but not its writes (spec §2)", () => {
    expect(requirementFor(registry, { resource: "careers", action: "list" })).toBe("open");
    expect(requirementFor(registry, { resource: "careers", action: "create" })).toEqual({ key: "career_management", mode: "create" });
  });

  it("uses an explicit route key over the resource, and null as an open route", () => {
    for (const key of PERMISSION_KEYS) {
      for (const mode of MODES) {
        expect(requirementFor(registry, { action: mode, params: { permissionKey: key } })).toEqual({ key, mode });
      }
    }
    expect(requirementFor(registry, { action: "list", params: { permissionKey: null } })).toBe("open");
  });

  it("denies unknown resources, keys and actions", () => {
    expect(requirementFor(registry, { resource: "nope", action: "list" })).toBe("deny");
    expect(requirementFor(registry, { action: "list", params: { permissionKey: "root" } })).toBe("deny");
    expect(requirementFor(registry, { resource: "posts", action: "publish-everything" })).toBe("deny");
  });
});

describe("allowedByMatrix", () => {
  const matrix = [
    { set: { permission_key: "content_management" }, allow_read: 1, allow_create: 1, allow_update: 0, allow_delete: 0 },
    { set: { permission_key: "career_management" }, allow_read: 0, allow_create: 0, allow_update: 0, allow_delete: 0 },
  ];
  it("allows a mode whose flag is not 0, for a key the matrix holds", () => {
    expect(allowedByMatrix(matrix, "content_management", "read")).toBe(true);
    expect(allowedByMatrix(matrix, "content_management", "create")).toBe(true);
    expect(allowedByMatrix(matrix, "content_management", "update")).toBe(false);
    expect(allowedByMatrix(matrix, "content_management", "delete")).toBe(false);
    expect(allowedByMatrix(matrix, "career_management", "read")).toBe(false);
    expect(allowedByMatrix(matrix, "user_management", "read")).toBe(false);
    expect(allowedByMatrix([], "content_management", "read")).toBe(false);
  });
});
