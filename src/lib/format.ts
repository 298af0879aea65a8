export interface NumberFormatOptions {
  /** Two decimals instead of none (spec §9 "with a flag, 2 decimals"). */
  decimals?: boolean;
  locale?: string;
}

const toNumber = (value: unknown) =>
  typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;

/** Integers with no decimals; with the flag, 2 decimals; NaN (or nothing) shows '-'. */
export function formatNumber(value: unknown, { decimals = false, locale = "en-US" }: NumberFormatOptions = {}): string {
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

/**
 * An InputNumber's shown text: thousands grouped like formatNumber (15000000 → "15,000,000"),
 * decimals kept as typed. Empty stays empty.
 */
export function formatInputNumber(value: string | number | undefined, locale = "en-US"): string {
  if (value === undefined || value === null || value === "") return "";
  const text = String(value);
  const [whole, fraction] = text.split(".");
  const n = Number(whole);
  if (!Number.isFinite(n) || whole === "" || whole === "-") return text;
  const grouped = Math.trunc(n).toLocaleString(locale, { maximumFractionDigits: 0 });
  const sign = whole.startsWith("-") && n === 0 ? "-" : "";
  return fraction !== undefined ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}

/** The number an InputNumber's text stands for: group separators and spaces dropped. */
export function parseInputNumber(text: string | undefined): string {
  return (text ?? "").replace(/[,\s]/g, "");
}
