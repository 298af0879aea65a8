// Which of a list's columns its user has hidden, remembered per user and per list: for the
// account on the server (every browser the user signs in on shows the same columns) and in this
// browser, which answers at once while the account's choice loads. The title and the row's
// actions are never hidden.
import { useCallback, useEffect, useState } from "react";
import type { ListColumnsAnswer, ListColumnsBody } from "../../../protocol/api";
import { session } from "../../../providers/session";
import { load } from "../../app/services";
import { once } from "../../lib/once";

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

function remember(list: string, keys: readonly string[]) {
  try {
    if (keys.length) localStorage.setItem(storageKey(list), JSON.stringify(keys));
    else localStorage.removeItem(storageKey(list));
  } catch {
    // Storage full or refused: the choice holds for this visit (and the account).
  }
}

/** Lists the user changed on this page: the account's answer, if it comes later, is older. */
const changedHere = new Set<string>();

const fetchers = new Map<number | undefined, () => Promise<ListColumnsAnswer>>();
/** The signed-in account's choices, fetched once a page; a failure leaves this browser's. */
function accountChoices(): Promise<ListColumnsAnswer> {
  const user = session.getUser()?.id;
  let fetcher = fetchers.get(user);
  if (!fetcher) {
    fetcher = once(async () => (await load<ListColumnsAnswer>({ method: "GET", url: "/api/auth/list-columns" })).data ?? {});
    fetchers.set(user, fetcher);
  }
  return fetcher();
}

/** The hidden columns' keys of `list` (its type's name or its view's path), and a setter that remembers them. */
export function useHiddenColumns(list: string): [readonly string[], (keys: string[]) => void] {
  const [hidden, setHidden] = useState(() => read(list));
  const [shownList, setShownList] = useState(list);
  // Another list (a view of the same type): its own choice.
  if (shownList !== list) {
    setShownList(list);
    setHidden(read(list));
  }
  useEffect(() => {
    let current = true;
    accountChoices()
      .then((choices) => {
        if (!current || changedHere.has(list)) return;
        const keys = choices[list] ?? [];
        remember(list, keys);
        setHidden((shown) => (shown.join() === keys.join() ? shown : keys));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [list]);
  const update = useCallback(
    (keys: string[]) => {
      changedHere.add(list);
      setHidden(keys);
      remember(list, keys);
      // Offline or refused, the choice still holds here; the account keeps its earlier one.
      void load({ method: "PUT", url: "/api/auth/list-columns", body: { list, hidden: keys } satisfies ListColumnsBody }).catch(() => undefined);
    },
    [list],
  );
  return [hidden, update];
}
