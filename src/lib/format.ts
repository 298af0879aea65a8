import { intlLocale } from "../../providers/i18n";

export interface NumberFormatOptions {
  /** Two decimals instead of none (spec §9 "with a flag, 2 decimals"). */
  decimals?: boolean;
  /** Intl's locale; the console's language by default ("1,234" in English, "1.234" in Indonesian). */
  locale?: string;
}

const toNumber = (value: unknown) => (typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN);

/** Integers with no decimals; with the flag, 2 decimals; NaN (or nothing) shows '-'. */
export function formatNumber(value: unknown, { decimals = false, locale = intlLocale() }: NumberFormatOptions = {}): string {
  const number = toNumber(value);
  if (!Number.isFinite(number)) return "-";
  const digits = decimals ? 2 : 0;
  return number.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Fixed-point format: 2 decimals unless told otherwise; NaN shows '-'. */
export function formatFixed(value: unknown, digits = 2): string {
  const number = toNumber(value);
  if (!Number.isFinite(number)) return "-";
  return number.toFixed(digits);
}

/** The characters a locale groups thousands with and marks decimals with ("," and "." in English). */
function separators(locale: string): { group: string; decimal: string } {
  const parts = (12345.6).toLocaleString(locale, { minimumFractionDigits: 1 });
  return { group: parts.replace(/[\d]/g, "").charAt(0) || ",", decimal: parts.charAt(parts.length - 2) };
}

/**
 * An InputNumber's shown text: thousands grouped like formatNumber (15000000 → "15,000,000", or
 * "15.000.000" in Indonesian), decimals kept as typed. Empty stays empty. The value is the
 * machine form ("1234.5").
 */
export function formatInputNumber(value: string | number | undefined, locale = intlLocale()): string {
  if (value === undefined || value === null || value === "") return "";
  const text = String(value);
  const [whole, fraction] = text.split(".");
  const n = Number(whole);
  if (!Number.isFinite(n) || whole === "" || whole === "-") return text;
  const grouped = Math.trunc(n).toLocaleString(locale, { maximumFractionDigits: 0 });
  const sign = whole.startsWith("-") && n === 0 ? "-" : "";
  return fraction !== undefined ? `${sign}${grouped}${separators(locale).decimal}${fraction}` : `${sign}${grouped}`;
}

/** The number an InputNumber's text stands for, in machine form: group separators and spaces dropped. */
export function parseInputNumber(text: string | undefined, locale = intlLocale()): string {
  const { group, decimal } = separators(locale);
  const bare = (text ?? "").replace(/\s/g, "").split(group).join("");
  return decimal === "." ? bare : bare.replace(decimal, ".");
}
