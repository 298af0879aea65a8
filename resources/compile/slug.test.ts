import { describe, expect, it } from "vitest";
import posts from "../posts";
import { slugify } from "./slug";

const slugField = posts.fields.find((f) => f.name === "slug");
const slugPattern = new RegExp(slugField?.type === "text" && slugField.pattern ? slugField.pattern.regex : "^$");

describe("slugify", () => {
  it("writes a title as lower-case words joined by single dashes", () => {
    expect(slugify("English Club: March 2026!")).toBe("english-club-march-2026");
    expect(slugify("  Open   day -- for  parents ")).toBe("open-day-for-parents");
  });

  it("keeps accented letters without their marks, and spells the ones that do not decompose", () => {
    expect(slugify("Pentas Seni Anak-anak: Café & Músik")).toBe("pentas-seni-anak-anak-cafe-musik");
    expect(slugify("Đà Nẵng Straße Łódź Ærø")).toBe("da-nang-strasse-lodz-aero");
    expect(slugify("ﬁnal ½")).toBe("final-1-2");
  });

  it("is empty when nothing in the text can be written", () => {
    expect(slugify("!!! 🎉 —")).toBe("");
  });

  it("stays within the length, ending at a word where one ends near it", () => {
    expect(slugify("summer intensive course for young learners", 30)).toBe("summer-intensive-course-for");
    expect(slugify("a".repeat(50), 20)).toBe("a".repeat(20));
    expect(slugify("ab cdefghijklmnopqrstuvwxyz", 10)).toBe("ab-cdefghi");
  });

  it("always matches the post slug's own pattern", () => {
    for (const title of ["Hari Kemerdekaan — 17 Agustus", "Crème brûlée & co.", "ÅÄÖ ÇĞŞ İ", "x"]) {
      expect(slugify(title, 120)).toMatch(slugPattern);
    }
  });
});
