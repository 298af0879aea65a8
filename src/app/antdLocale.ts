import type { ConfigProviderProps } from "antd";
import type { Locale } from "../../providers/i18n";

type AntdLocale = NonNullable<ConfigProviderProps["locale"]>;

let current: AntdLocale | undefined;

/** antd's own words (pagination, pickers, empty tables, confirm buttons) for the console's language. */
export async function loadAntdLocale(locale: Locale): Promise<void> {
  // English is antd's default: nothing to fetch.
  current = locale === "id" ? (await import("antd/es/locale/id_ID")).default : undefined;
}

/** What ConfigProvider's `locale` takes; undefined: antd's English. */
export const antdLocale = (): AntdLocale | undefined => current;
