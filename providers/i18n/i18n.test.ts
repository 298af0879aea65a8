import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getLocale, i18nProvider, labelText, setLocale, t, tOf, verbatim } from ".";
import { en, type Catalog } from "./en";
import { enConsole } from "./en.console";
import { enTwoFactor } from "./en.twoFactor";
import { enEntry } from "./en.entry";
import { id } from "./id";

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf of a catalog as [dotted key, text]. */
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * The keys whose text the product spec quotes in Indonesian (the sign-in screen's prompt, its
 * button's states, its errors), or in no language ("Login", v1.0.0): the same words in both.
 */
const SPEC_SAME = [
  "app.version",
  "login.title",
  "login.prompt",
  "login.submit",
  "login.loading",
  "login.success",
  "login.errorPrefix",
  "login.errorNetwork",
  "errors.network",
];

/**
 * The keys whose text the spec quotes in English (or names as a fixed UI label: the sidebar's
 * entries, the 'Success' toast): exact in English, which the console starts in, and translated in
 * Indonesian, so that no Indonesian screen mixes the two languages.
 */
const SPEC_ENGLISH = [
  "app.adminConsole",
  "splash.wait",
  "pickCenter.prompt",
  "sidebar.signOut",
  "sidebar.editPassword",
  "menu.welcome",
  "menu.contentApproval",
  "menu.centerManagement",
  "menu.eventManagement",
  "menu.careerManagement",
  "menu.userManagement",
  "gate.checking",
  "gate.denied",
  "notify.success",
  "errors.notSingular",
];

describe("i18n", () => {
  it("holds the spec's strings exactly", () => {
    expect(t("splash.wait")).toBe("Please Wait...");
    expect(t("login.title")).toBe("Login");
    expect(t("login.loading")).toBe("Memuat...");
    expect(t("login.success")).toBe("Login Sukses, Mohon tunggu");
    expect(t("login.errorNetwork")).toBe("Error : Komunikasi dengan server bermasalah");
    expect(t("pickCenter.prompt")).toBe("Pick a center to manage:");
    expect(t("gate.checking")).toBe("Checking Permission");
    expect(t("gate.denied")).toBe("You don't have permission to access this page");
    expect(t("errors.notSingular")).toBe("Returned data count is not singular");
    expect(t("app.adminConsole")).toBe("Administration Console");
    expect(t("app.version")).toBe("v1.0.0");
  });
  it("interpolates values and falls back to the default, then the key", () => {
    expect(i18nProvider.translate("pickCenter.greeting", { name: "Ana" })).toBe("Hello, Ana");
    expect(i18nProvider.translate("missing.key", undefined, "Fallback")).toBe("Fallback");
    // @ts-expect-error not a key of the catalog: it reads as itself.
    expect(t("missing.key")).toBe("missing.key");
    // Refine's own calls pass the default message second.
    expect(i18nProvider.translate("missing.key", "Default text")).toBe("Default text");
    expect(i18nProvider.translate("warnWhenUnsavedChanges", "Are you sure?")).toBe("You have unsaved changes. Leave this page and lose them?");
  });

  describe("split between the entry and the console", () => {
    // What renders, or speaks, before the console's chunk has loaded.
    const ENTRY_SOURCES = ["src/pages/Login.tsx", "src/pages/Waiting.tsx", "src/pages/EntryFrame.tsx", "src/pages/PickCenter.tsx", "providers/authProvider.ts"];

    it("carries in the entry every word the entry screens use", () => {
      const entryKeys = new Set(leaves(enEntry).map(([key]) => key));
      for (const file of ENTRY_SOURCES) {
        const source = readFileSync(`${process.cwd()}/${file}`, "utf8");
        const used = [...source.matchAll(/\bt\("([\w.]+)"/g)].map((m) => m[1]);
        expect(used.length, file).toBeGreaterThan(0);
        for (const key of used) expect(entryKeys.has(key), `${file}: ${key}`).toBe(true);
      }
    });

    it("answers the entry's words alone, the console's once its chunk has added them", async () => {
      vi.resetModules();
      const bare = await import(".");
      expect(bare.t("login.title")).toBe("Login");
      expect(bare.t("resource.save")).toBe("resource.save");
      await import("./console");
      expect(bare.t("resource.save")).toBe("Save");
      expect(leaves(en).length).toBe(leaves(enEntry).length + leaves(enConsole).length + leaves(enTwoFactor).length);
    });
  });

  // `npm run typecheck` covers this file: each @ts-expect-error fails it once its line compiles.
  describe("keys checked by the types", () => {
    it("accepts only the catalog's keys", () => {
      // @ts-expect-error a misspelled key.
      expect(t("resource.sav")).toBe("resource.sav");
      // @ts-expect-error a group, not a text.
      expect(t("chats.status")).toBe("chats.status");
      const status = "open" as "open" | "closed";
      // @ts-expect-error a key built from a union: every member must be in the catalog.
      expect(t(`chats.status.${status}`)).toBe("Open");
      const known = "open" as "open" | "resolved";
      expect(t(`chats.status.${known}`)).toBe("Open");
    });

    it("reads a name known only at run time within a group, else its fallback", () => {
      expect(tOf("activity.actions", "login")).toBe("Signed in");
      expect(tOf("activity.actions", "teleport")).toBe("teleport");
      expect(tOf("permissionKeys", "garden_management", "Garden")).toBe("Garden");
      // @ts-expect-error the group itself is checked.
      expect(tOf("activity.action", "login")).toBe("login");
    });

    it("shows a label: a key translated, a definition's own words as they are", () => {
      expect(labelText("menu.posts")).toBe("Posts");
      expect(labelText(verbatim("Workshops"))).toBe("Workshops");
      // @ts-expect-error plain text is neither a key nor marked verbatim.
      expect(labelText("Workshops")).toBe("Workshops");
    });

    it("holds every catalog to English's keys", () => {
      const { title: _title, ...withoutTitle } = id.login;
      // @ts-expect-error a key missing.
      const missing: Catalog = { ...id, login: withoutTitle };
      // @ts-expect-error a key English does not have.
      const extra: Catalog = { ...id, login: { ...id.login, titel: "Masuk" } };
      expect([missing, extra]).toHaveLength(2);
    });
  });

  describe("in Indonesian", () => {
    afterAll(() => setLocale("en"));

    it("answers in Indonesian once the language is set, English again after", async () => {
      await setLocale("id");
      expect(getLocale()).toBe("id");
      expect(t("resource.save")).toBe("Simpan");
      expect(t("resource.cancel")).toBe("Batal");
      expect(t("resource.delete")).toBe("Hapus");
      expect(t("resource.history")).toBe("Riwayat");
      expect(t("pickCenter.greeting", { name: "Ana" })).toBe("Halo, Ana");
      expect(i18nProvider.translate("warnWhenUnsavedChanges", "Are you sure?")).toBe(id.warnWhenUnsavedChanges);
      // The spec's Indonesian strings read the same; its English ones are translated.
      expect(t("login.errorNetwork")).toBe("Error : Komunikasi dengan server bermasalah");
      expect(t("splash.wait")).toBe("Mohon Tunggu...");
      expect(t("gate.denied")).toBe("Anda tidak memiliki izin untuk mengakses halaman ini");
      await setLocale("en");
      expect(t("resource.save")).toBe("Save");
    });

    it("keeps the spec's Indonesian strings in both catalogs and translates its English ones", () => {
      const enTexts = new Map(leaves(en));
      const idTexts = new Map(leaves(id));
      for (const key of SPEC_SAME) {
        expect(enTexts.get(key), key).toBeDefined();
        expect({ key, text: idTexts.get(key) }).toEqual({ key, text: enTexts.get(key) });
      }
      for (const key of SPEC_ENGLISH) {
        expect(enTexts.get(key), key).toBeDefined();
        expect(idTexts.get(key), key).not.toBe(enTexts.get(key));
      }
    });

    it("has every key of English, each a non-empty text with English's {{placeholders}}", () => {
      const idTexts = new Map(leaves(id));
      expect([...idTexts.keys()]).toEqual(leaves(en).map(([key]) => key));
      for (const [key, text] of leaves(en)) {
        const own = idTexts.get(key);
        expect(typeof own === "string" && own.trim() !== "", key).toBe(true);
        expect({ key, placeholders: placeholders(own!) }).toEqual({ key, placeholders: placeholders(text) });
      }
    });
  });
});
