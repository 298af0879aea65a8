import { describe, expect, it } from "vitest";
import { dayjs } from "./dates";
import { formatFixed, formatInputNumber, formatNumber, parseInputNumber } from "./format";

describe("formatNumber", () => {
  it("shows integers with no decimals", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(12.6)).toBe("13");
    expect(formatNumber("42")).toBe("42");
  });
  it("shows 2 decimals with the flag", () => {
    expect(formatNumber(1234.5, { decimals: true })).toBe("1,234.50");
    expect(formatNumber(0, { decimals: true })).toBe("0.00");
  });
  it("shows '-' for NaN and non-numbers", () => {
    for (const value of [NaN, "abc", undefined, null, "", Infinity]) expect(formatNumber(value)).toBe("-");
  });
});

describe("formatFixed", () => {
  it("defaults to 2 decimals", () => expect(formatFixed(3.14159)).toBe("3.14"));
  it("takes other precisions", () => expect(formatFixed(3.14159, 3)).toBe("3.142"));
  it("shows '-' for NaN", () => expect(formatFixed("x")).toBe("-"));
});

describe("dates", () => {
  it("has relative time, utc and timezone enabled", () => {
    expect(dayjs("2026-01-01T00:00:00Z").from(dayjs("2026-01-03T00:00:00Z"))).toBe("2 days ago");
    expect(dayjs.utc("2026-01-01T00:00:00Z").tz("Asia/Jakarta").format("HH:mm")).toBe("07:00");
  });
});

describe("numbers typed in a form", () => {
  it("show their thousands grouped, and read back without the separators", () => {
    expect(formatInputNumber(15000000)).toBe("15,000,000");
    expect(formatInputNumber("1234.5")).toBe("1,234.5");
    expect(formatInputNumber("-2500")).toBe("-2,500");
    expect(formatInputNumber(0)).toBe("0");
    expect(formatInputNumber("")).toBe("");
    expect(formatInputNumber(undefined)).toBe("");
    expect(parseInputNumber("15,000,000")).toBe("15000000");
    expect(parseInputNumber(" 1,234.5 ")).toBe("1234.5");
  });
});

describe("numbers in Indonesian", () => {
  it("group thousands with dots and mark decimals with a comma, and read back", () => {
    expect(formatNumber(1234567, { locale: "id-ID" })).toBe("1.234.567");
    expect(formatNumber(1234.5, { decimals: true, locale: "id-ID" })).toBe("1.234,50");
    expect(formatInputNumber(15000000, "id-ID")).toBe("15.000.000");
    expect(formatInputNumber("1234.5", "id-ID")).toBe("1.234,5");
    expect(parseInputNumber("15.000.000", "id-ID")).toBe("15000000");
    expect(parseInputNumber(" 1.234,5 ", "id-ID")).toBe("1234.5");
  });
});
