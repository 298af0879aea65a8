import { useState, type ReactNode } from "react";
import { Collapse, Tabs } from "antd";
import { useAtLeast } from "../layout/useWidth";

type View = { key: string; label: string; children: ReactNode };

/**
 * A version's views (its content, its changes, its difference from the live version): tabs where
 * their names fit side by side. On a phone they do not, and antd's Tabs would put the last ones
 * behind a "more" button inside the tab list (where only tabs may be, for a screen reader): there
 * they stand one under another, each opened by its name, the first open.
 */
export function VersionViews({ items }: { items: View[] }) {
  const wide = useAtLeast("md");
  const [open, setOpen] = useState<string[]>(items.slice(0, 1).map((item) => item.key));
  if (wide) return <Tabs items={items} />;
  // One open at a time, as with tabs: opening the next closes the other, so its name stays in
  // view. Not Collapse's `accordion`, which marks its panels up as a tab list, wrongly.
  return <Collapse ghost items={items} activeKey={open} onChange={(keys) => setOpen(keys.filter((key) => !open.includes(key)))} />;
}
