import { describe, expect, it } from "vitest";
import { i18nProvider, t } from ".";

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
    expect(t("missing.key")).toBe("missing.key");
    // Refine's own calls pass the default message second.
    expect(i18nProvider.translate("missing.key", "Default text")).toBe("Default text");
    expect(i18nProvider.translate("warnWhenUnsavedChanges", "Are you sure?")).toBe("You have unsaved changes. Leave this page and lose them?");
  });
});
