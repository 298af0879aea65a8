import { useState } from "react";
import type { LocaleBody } from "../../protocol/api";
import { LOCALES, type Locale } from "../../resources/types";
import { getLocale, setLocale, t } from "../../providers/i18n";
import { load } from "../app/services";
import { DeferredSelect } from "./DeferredSelect";

/** Each language by its own name, so anyone can find theirs whatever is shown now. */
const NAMES: Record<Locale, string> = { en: "English", id: "Bahasa Indonesia" };

/**
 * The console's language: remembered for the account (every device it signs in on) and in this
 * browser, then the console loads anew so every screen, date and number follows it.
 */
export function LanguageSwitch() {
  const [saving, setSaving] = useState(false);

  async function choose(next: Locale) {
    if (next === getLocale()) return;
    setSaving(true);
    // Offline or refused, the switch still applies here; the account keeps its earlier choice.
    await load({ method: "PUT", url: "/api/auth/locale", body: { locale: next } satisfies LocaleBody }).catch(() => undefined);
    await setLocale(next);
    window.location.reload();
  }

  const current = getLocale();
  return (
    <DeferredSelect
      className="sidebar__language"
      aria-label={t("sidebar.language")}
      value={current}
      shown={NAMES[current]}
      loading={saving}
      disabled={saving}
      onChange={(value) => void choose(value as Locale)}
      options={LOCALES.map((value) => ({ value, label: NAMES[value], lang: value }))}
      size="small"
    />
  );
}
