// A text as a slug: the address form of a title ("Pentas Seni Café" → "pentas-seni-cafe").

/** Letters that decomposition leaves whole: written as their usual ASCII spelling. */
const SPELLED: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
};

/**
 * Lower-case ASCII letters and digits, words joined by single dashes, at most `maxLength`
 * characters (cut at a word's end where one is near). Accented letters lose their marks (é → e)
 * rather than the letter, so Indonesian and borrowed words read as they are written.
 */
export function slugify(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (letter) => SPELLED[letter] ?? letter)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = words.join("-");
  if (slug.length > maxLength) {
    const cut = slug.slice(0, maxLength + 1);
    const lastDash = cut.lastIndexOf("-");
    // A word's end in the last quarter keeps whole words; a long single word is cut where it must.
    slug = lastDash > maxLength * 0.75 ? cut.slice(0, lastDash) : slug.slice(0, maxLength).replace(/-+$/, "");
  }
  return slug;
}
