import { useEffect, useRef, useState } from "react";
import { useDataProvider, useSubscription, type LiveEvent } from "@refinedev/core";
import { Alert, Button } from "antd";
import type { Person } from "../../../protocol/realtime";
import { session } from "../../../providers/session";
import { t } from "../../../providers/i18n";
import { useLiveConnect } from "./context";
import { useFeedback } from "../feedback/Feedback";

/** Someone else's change to the record an open form holds. */
export interface RemoteChange {
  kind: "updated" | "deleted";
  by: Person | null;
  /** The record's version after it (unknown for some changes, e.g. a reviewer's decision). */
  version?: number;
}

/**
 * Whether a live event means the form's record moved on under the user: someone else (never the
 * user's own save) updated it past the version the form loaded, or deleted it.
 */
export function remoteChange(event: Pick<LiveEvent, "type" | "payload">, me: number | undefined, loadedVersion: number | undefined): RemoteChange | null {
  const by = (event.payload.by as Person | undefined) ?? null;
  if (by && me !== undefined && by.id === me) return null;
  if (event.type === "deleted") return { kind: "deleted", by };
  if (event.type !== "updated") return null;
  const version = typeof event.payload.version === "number" ? event.payload.version : undefined;
  if (version !== undefined && loadedVersion !== undefined && version <= loadedVersion) return null;
  return { kind: "updated", by, version };
}

interface Watched {
  resource: string;
  id: number | string | undefined;
  /** The version the form was loaded at; undefined while it loads. */
  version: number | undefined;
}

/**
 * Watches the record an edit form holds. Events come through Refine's live provider; after a lost
 * connection comes back (events in between were missed) the record's version is read once.
 */
export function useChangedElsewhere({ resource, id, version }: Watched): [RemoteChange | null, () => void] {
  const [change, setChange] = useState<RemoteChange | null>(null);
  const dataProvider = useDataProvider();
  const loaded = useRef(version);
  useEffect(() => {
    loaded.current = version;
  }, [version]);
  const enabled = id !== undefined && id !== "";

  useSubscription({
    channel: `resources/${resource}`,
    types: ["updated", "deleted"],
    enabled,
    params: { resource, id, ids: enabled ? [id] : [], subscriptionType: "useOne" },
    onLiveEvent: (event) => {
      const seen = remoteChange(event, session.getUser()?.id, loaded.current);
      if (seen) setChange((before) => (before?.kind === "deleted" ? before : seen));
    },
  });

  useLiveConnect(async (again) => {
    if (!again || !enabled || loaded.current === undefined) return;
    try {
      const { data } = await dataProvider().getOne<{ version?: number; updated_by?: number | null; updated_by_name?: string | null }>({ resource, id });
      const by = data.updated_by ? { id: data.updated_by, name: data.updated_by_name ?? t("live.someone") } : null;
      const seen = remoteChange({ type: "updated", payload: { version: data.version, by } }, session.getUser()?.id, loaded.current);
      if (seen) setChange(seen);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) setChange({ kind: "deleted", by: null });
    }
  });

  // A reload (or the user's own save) that brings the form up to date ends the warning.
  const current = change && change.kind === "updated" && change.version !== undefined && version !== undefined && change.version <= version ? null : change;
  return [current, () => setChange(null)];
}

/**
 * Says who changed the record while the user was editing, before they save into a 409. Reload
 * asks first when the form holds unsaved edits.
 */
export function ChangedElsewhereAlert({
  change,
  label,
  dirty,
  onReload,
}: {
  change: RemoteChange;
  /** The type's label, lower case ("post"). */
  label: string;
  dirty: () => boolean;
  onReload: () => Promise<unknown>;
}) {
  const feedback = useFeedback();
  const [reloading, setReloading] = useState(false);
  const name = change.by?.name ?? t("live.someone");

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };
  const confirmReload = () => {
    if (!dirty()) return void reload();
    feedback.confirm({
      title: t("live.discardTitle"),
      content: t("live.discardContent"),
      okText: t("live.reload"),
      cancelText: t("live.keepEditing"),
      onOk: reload,
    });
  };

  if (change.kind === "deleted") {
    return <Alert className="state-alert" type="error" showIcon message={t("live.deletedElsewhere", { name, label })} description={t("live.deletedHint")} />;
  }
  return (
    <Alert
      className="state-alert"
      type="warning"
      showIcon
      message={t("live.changedElsewhere", { name, label })}
      description={t("live.changedHint")}
      action={
        <Button size="small" onClick={confirmReload} loading={reloading}>
          {t("live.reload")}
        </Button>
      }
    />
  );
}
