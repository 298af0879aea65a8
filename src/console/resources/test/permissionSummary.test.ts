import { afterEach, describe, expect, it } from "vitest";
import { setLocale } from "../../../../providers/i18n";
import { permissionSummary } from "../permissionSummary";

const grant = (permission_key: string, read: number, create = 0, update = 0, del = 0) => ({
  permission_key,
  allow_read: read,
  allow_create: create,
  allow_update: update,
  allow_delete: del,
});

const editor = [grant("approval_management", 0), grant("content_management", 1, 1, 1, 0), grant("career_management", 1), grant("user_management", 0, 0, 0, 0)];

describe("a role's permissions in a list", () => {
  afterEach(() => setLocale("en"));

  it("names each area it may read with what it may do there, and leaves out the areas it cannot read", () => {
    expect(permissionSummary(editor)).toEqual(["Events and posts: read, create, update", "Careers: read"]);
    expect(permissionSummary([grant("user_management", 1, 1, 1, 1)])).toEqual(["Users and roles: read, create, update, delete"]);
    expect(permissionSummary([])).toEqual([]);
  });

  it("in Indonesian too", async () => {
    await setLocale("id");
    expect(permissionSummary(editor)).toEqual([expect.stringMatching(/: baca, buat, ubah$/), expect.stringMatching(/: baca$/)]);
  });
});
