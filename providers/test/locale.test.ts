import { afterEach, describe, expect, it, vi } from "vitest";

const fresh = async () => {
  vi.resetModules();
  const i18n = await import("../i18n");
  // As the console's chunk does: its English words join the fresh module's.
  await import("../i18n/console");
  return i18n;
};

describe("the console's language", () => {
  afterEach(async () => {
    localStorage.clear();
    vi.unstubAllGlobals();
    await (await import("../i18n")).setLocale("en");
  });

  it("starts in the browser's language when none was chosen here", async () => {
    vi.stubGlobal("navigator", { language: "id-ID" });
    expect((await fresh()).getLocale()).toBe("id");
    vi.stubGlobal("navigator", { language: "en-GB" });
    expect((await fresh()).getLocale()).toBe("en");
  });

  it("starts in the one last chosen in this browser, whatever the browser's", async () => {
    vi.stubGlobal("navigator", { language: "en-US" });
    localStorage.setItem("cc.locale", "id");
    expect((await fresh()).getLocale()).toBe("id");
    localStorage.setItem("cc.locale", "fr");
    expect((await fresh()).getLocale()).toBe("en");
  });

  it("when switched, is remembered, sets the page's language and translates", async () => {
    const i18n = await fresh();
    await i18n.setLocale("id");
    expect(localStorage.getItem("cc.locale")).toBe("id");
    expect(document.documentElement.lang).toBe("id");
    expect(i18n.t("resource.save")).toBe("Simpan");
    expect(i18n.intlLocale()).toBe("id-ID");
    await i18n.setLocale("xx");
    expect(i18n.getLocale()).toBe("id");
    await i18n.setLocale("en");
    expect(i18n.t("resource.save")).toBe("Save");
    expect(document.documentElement.lang).toBe("en");
  });
});
