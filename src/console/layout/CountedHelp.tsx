import type { ReactNode } from "react";

/**
 * A form field's help (Form.Item's `extra`) under a text area that counts its characters: antd
 * draws the count on the help's line, at its end, and the help leaves it that room.
 */
export function CountedHelp({ children }: { children: ReactNode }) {
  return <span className="counted-help">{children}</span>;
}
