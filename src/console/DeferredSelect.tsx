import { useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { DownOutlined } from "@ant-design/icons";
import type { SelectProps } from "antd";
import { once } from "../lib/once";
import "./deferredSelect.css";

type SelectComponent = typeof import("./SidebarSelect").default;

// One chunk for both selects; once it is here, every DeferredSelect swaps in the real one at once.
let Loaded: SelectComponent | null = null;
const listeners = new Set<() => void>();
const selects = once(() =>
  import("./SidebarSelect").then((m) => {
    Loaded = m.default;
    for (const notify of listeners) notify();
  }),
);

/** Loads the sidebar's selects (once); a failed load (offline) may be tried again. */
export const loadSidebarSelects = (): Promise<void> => selects().catch(() => undefined);

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => void listeners.delete(notify);
};
const loaded = () => Loaded;

const OPEN_KEYS = new Set(["ArrowDown", "ArrowUp", "Enter", " "]);

type Props = SelectProps<string> & {
  "aria-label": string;
  /** What the closed select shows: the current option's label, or the placeholder's text. */
  shown: string;
  size?: "small" | "middle";
};

/**
 * A select that paints before its code arrives: a same-size stand-in shows the current value
 * (no layout shift) with the select's role and name, so keyboard and screen-reader users reach it
 * as before. Pointing at it or focusing it loads the real one; clicking it or pressing a key that
 * opens a select also opens it once loaded, with the focus moved onto it.
 */
export function DeferredSelect({ shown, ...props }: Props) {
  const Select = useSyncExternalStore(subscribe, loaded);
  // What the user did to the stand-in, for the real select to carry on from.
  const intent = useRef<"focus" | "open" | null>(null);
  const [, rerender] = useState(0);

  if (Select) {
    const carry = intent.current;
    return <Select {...props} autoFocus={carry !== null || props.autoFocus} defaultOpen={carry === "open" || props.defaultOpen} />;
  }

  const want = (next: "focus" | "open") => {
    intent.current = next;
    rerender((n) => n + 1);
    void loadSidebarSelects();
  };
  const empty = props.value === undefined || props.value === null;
  return (
    <button
      type="button"
      role="combobox"
      aria-label={props["aria-label"]}
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-busy={intent.current === "open" || undefined}
      disabled={props.disabled}
      className={`deferred-select deferred-select--${props.size ?? "middle"} ${props.className ?? ""}`}
      onPointerEnter={() => void loadSidebarSelects()}
      onFocus={() => want(intent.current ?? "focus")}
      onBlur={() => (intent.current = null)}
      onClick={() => want("open")}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        want("open");
      }}
    >
      <span className={empty ? "deferred-select__value deferred-select__value--empty" : "deferred-select__value"}>{shown}</span>
      <DownOutlined className="deferred-select__arrow" aria-hidden />
    </button>
  );
}
