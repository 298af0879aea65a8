import { useEffect, useState } from "react";
import { Avatar, Tooltip, Typography } from "antd";
import type { Person } from "../../../protocol/realtime";
import { session } from "../../../providers/session";
import { t } from "../../../providers/i18n";
import { useLive, useLiveConnect, useLiveEvent, useLiveStatus } from "./context";
import { usePersonColor } from "../personColor";

/**
 * Who else has record `id` of `resource` open: joins its presence room while mounted (and again
 * after every reconnect, as the server forgets a dropped socket's rooms) and leaves on unmount.
 */
export function usePresence(resource: string, id: number | string | undefined): Person[] {
  const connection = useLive();
  const status = useLiveStatus();
  const recordId = id === undefined || id === "" ? NaN : Number(id);
  const valid = Number.isSafeInteger(recordId) && recordId > 0;
  const [viewers, setViewers] = useState<Person[]>([]);

  useEffect(() => {
    if (!valid) return;
    const target = { resource, id: recordId };
    connection.emit("presence:join", target);
    return () => {
      connection.emit("presence:leave", target);
      setViewers([]);
    };
  }, [connection, resource, recordId, valid]);

  useLiveConnect(() => {
    if (valid) connection.emit("presence:join", { resource, id: recordId });
  });

  useLiveEvent("presence", (state) => {
    if (state.resource !== resource || state.id !== recordId) return;
    const me = session.getUser()?.id;
    setViewers(state.viewers.filter((person) => person.id !== me));
  });

  // While disconnected nobody tells us who left: show no one rather than someone long gone.
  return status === "connected" ? viewers : [];
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

/** The others on this record, as small avatars with their names in tooltips. */
export function PresenceAvatars({ viewers }: { viewers: Person[] }) {
  const colorFor = usePersonColor();
  if (!viewers.length) return null;
  const names = viewers.map((person) => person.name).join(", ");
  return (
    <fieldset className="presence" aria-label={t("live.alsoEditingLabel", { names })}>
      <Typography.Text type="secondary" className="presence__label" aria-hidden="true">
        {t("live.alsoEditing")}
      </Typography.Text>
      <Avatar.Group size="small" max={{ count: 4 }}>
        {viewers.map((person) => (
          <Tooltip key={person.id} title={person.name}>
            <Avatar size="small" style={{ backgroundColor: colorFor(person.name) }}>
              {initials(person.name)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
    </fieldset>
  );
}
