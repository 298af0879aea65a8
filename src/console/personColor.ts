// One colour per person, the same every time and on every screen: shades of the theme's palette
// that white initials read on at AA.
import { theme } from "antd";

const SHADES = ["colorPrimary", "cyan8", "volcano8", "purple7", "magenta7", "blue7", "green8", "gold8"] as const;

/** The index of a name's shade: a stable hash of its letters. */
export function shadeOf(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return Math.abs(hash) % SHADES.length;
}

/** A function from a name to its colour in the current theme. */
export function usePersonColor(): (name: string) => string {
  const { token } = theme.useToken();
  return (name) => token[SHADES[shadeOf(name)]];
}
