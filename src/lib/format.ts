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
