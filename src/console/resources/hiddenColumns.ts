// Which of a list's columns its user has hidden, remembered per user and per list in this
// browser: a laptop's table keeps room for what that person reads. The title and the row's
// actions are never hidden.
import { useCallback, useState } from "react";
import { session } from "../../../providers/session";

/** The columns a person may not hide: without them a row can be neither read nor acted on. */
export const ALWAYS_SHOWN = new Set(["actions"]);

const storageKey = (list: string) => `cc.columns.${session.getUser()?.id ?? "anyone"}.${list}`;

function read(list: string): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(list)) ?? "[]");
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === "string") : [];
  } catch {
    return [];
  }
}

/** The hidden columns' keys of `list` (a list's path), and a setter that remembers them. */
export function useHiddenColumns(list: string): [readonly string[], (keys: string[]) => void] {
  const [hidden, setHidden] = useState(() => read(list));
  const [shownList, setShownList] = useState(list);
  // Another list (a view of the same type): its own choice.
  if (shownList !== list) {
    setShownList(list);
    setHidden(read(list));
  }
  const update = useCallback(
    (keys: string[]) => {
      setHidden(keys);
      try {
        if (keys.length) localStorage.setItem(storageKey(list), JSON.stringify(keys));
        else localStorage.removeItem(storageKey(list));
      } catch {
        // Storage full or refused: the choice holds for this visit.
      }
    },
    [list],
  );
  return [hidden, update];
}
