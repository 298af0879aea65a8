// How wide a table lays out before it scrolls sideways. Tables use fixed layout: columns whose
// content has a known size carry a width, text columns share what is left, each down to a least
// width, the title's larger, so that on a narrow screen the other columns give way (ellipsis, the
// whole value on hover) and the title stays readable; below the sum the table scrolls.

/** The least a text column gets: enough for a few words, cut text ending in an ellipsis. */
export const FLEXIBLE_MIN = 130;

/** The least the title gets: a record is known by its title, so the other columns give way first. */
export const TITLE_MIN = 240;

interface Sized {
  key?: unknown;
  width?: unknown;
}

/**
 * The table's scroll width: the sized columns' widths, the title's least width and every other
 * text column's, and `extra` for columns the table adds itself (row selection).
 */
export function tableWidth(columns: readonly Sized[], titleKey?: string, { extra = 0 } = {}): number {
  return columns.reduce<number>((sum, c) => sum + (typeof c.width === "number" ? c.width : c.key === titleKey ? TITLE_MIN : FLEXIBLE_MIN), extra);
}
