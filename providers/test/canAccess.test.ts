import { describe, expect, it } from "vitest";
import { registry } from "../../resources";
import { MODES, PERMISSION_KEYS } from "../../resources/types";
import { modeForAction, requirementFor } from "../canAccess";

describe("modeForAction", () => {
  it.each([
    ["list", "read"], ["show", "read"], ["history", "read"], ["create", "create"], ["clone", "create"],
    ["edit", "update"], ["delete", "delete"], ["read", "read"], ["update", "update"],
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
