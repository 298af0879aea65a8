import { useEffect, useState } from "react";
import type { ResourceDefinition } from "../../../resources/types";
import { useLatest } from "../useLatest";
import { useWhenSettled } from "../settled";
import { lazyModule } from "./lazyModule";

// The drawer, its form, inputs and pickers are a chunk of their own: a list shows none of them. It
// is fetched once the list has everything it shows (nothing is fetching, the browser is idle), so a
// drawer opens straight onto its form; a click before that opens the drawer once it has arrived.
// A failed fetch (offline) is not kept: the next open tries again.
const form = lazyModule(() => import("./FormDrawerPanel"));

/** Create and edit on the list's own route, for resources without form pages (users, links…). */
export function FormDrawer({
  definition,
  editing,
  onClose,
  ready = true,
}: {
  definition: ResourceDefinition;
  /** Whether the list has its rows: before that, a moment with nothing fetching is not yet settled. */
  ready?: boolean;
  /** "new", a record id, or null when closed. */
  editing: "new" | number | null;
  onClose: () => void;
}) {
  const [panel, setPanel] = useState(form.current);
  useWhenSettled(ready && !panel, () => void form.load().catch(() => undefined));
  // The list hands a new `onClose` on each render: the fetch is started again only for another record.
  const latestOnClose = useLatest(onClose);
  useEffect(() => {
    if (panel || editing === null) return;
    let current = true;
    form.load().then(
      (module) => current && setPanel(module),
      // Could not be fetched (offline): nothing opens, and the next click tries again.
      () => current && latestOnClose.current(),
    );
    return () => {
      current = false;
    };
  }, [panel, editing]);

  const Panel = panel?.FormDrawerPanel;
  return Panel ? <Panel definition={definition} editing={editing} onClose={onClose} /> : null;
}
