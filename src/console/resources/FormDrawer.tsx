import { useEffect, useState } from "react";
import type { ResourceDefinition } from "../../../resources/types";
import { useLatest } from "../useLatest";
import { useWhenSettled } from "./lazyModule";

// The drawer, its form, inputs and pickers are a chunk of their own: a list shows none of them. It
// is fetched once the list has everything it shows (nothing is fetching, the browser is idle), so a
// drawer opens straight onto its form; a click before that opens the drawer once it has arrived.
type FormModule = typeof import("./FormDrawerPanel");
let loaded: FormModule | undefined;
let loading: Promise<FormModule> | undefined;
function loadForm(): Promise<FormModule> {
  loading ??= import("./FormDrawerPanel").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // the next open tries again
      throw error;
    },
  );
  return loading;
}

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
  const [form, setForm] = useState(loaded);
  useWhenSettled(ready && !form, () => void loadForm().catch(() => undefined));
  // The list hands a new `onClose` on each render: the fetch is started again only for another record.
  const latestOnClose = useLatest(onClose);
  useEffect(() => {
    if (form || editing === null) return;
    let current = true;
    loadForm().then(
      (module) => current && setForm(module),
      // Could not be fetched (offline): nothing opens, and the next click tries again.
      () => current && latestOnClose.current(),
    );
    return () => {
      current = false;
    };
  }, [form, editing]);

  const Panel = form?.FormDrawerPanel;
  return Panel ? <Panel definition={definition} editing={editing} onClose={onClose} /> : null;
}
