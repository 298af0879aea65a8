// A word-level diff of two texts, for showing what changed inside a text field.

export type Part = { kind: "same" | "added" | "removed"; text: string };

const tokens = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

/** Longest-common-subsequence over words; null when the texts are too long to compare quickly. */
export function wordDiff(before: string, after: string, limit = 400_000): Part[] | null {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > limit) return null;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] = a[i] === b[j] ? table[(i + 1) * cols + j + 1] + 1 : Math.max(table[(i + 1) * cols + j], table[i * cols + j + 1]);
    }
  }
  const parts: Part[] = [];
  const push = (kind: Part["kind"], text: string) => {
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push("same", a[i]);
      i++;
      j++;
    } else if (table[(i + 1) * cols + j] >= table[i * cols + j + 1]) {
      push("removed", a[i++]);
    } else {
      push("added", b[j++]);
    }
  }
  while (i < a.length) push("removed", a[i++]);
  while (j < b.length) push("added", b[j++]);
  return parts;
}
