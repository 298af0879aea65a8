import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { APPROVALS_KEY, VERSIONS_KEY } from "../approvals/api";
import { useLive, useLiveConnect, useLiveEnded, useLiveEvent } from "./context";
import { whenSettled } from "../settled";

/** A bulk decision sends one event per request: the queues refetch once per burst. */
export const APPROVAL_BURST_MS = 250;

/** Refine's query keys for the session's identity and permissions, which no live event announces. */
const UNANNOUNCED = new Set(["auth", "access"]);

/** The socket (and socket.io-client's chunk) waits for the first screen to settle, this long at most. */
export const START_AT_MOST_MS = 3_000;

/**
 * Keeps the shell's socket open while it is shown (started once the first screen has settled:
 * socket.io-client is not among what that screen waits for), and turns what the server says into refetches
 * beyond Refine's own (which the live provider drives): approval queues and counts, version
 * histories, and everything after a lost connection came back. When the server refuses the
 * session (ended here, elsewhere or by an administrator), it calls `onSessionEnded`.
 */
export function LiveSync({ onSessionEnded }: { onSessionEnded: (reason: string) => void }) {
  const connection = useLive();
  const queryClient = useQueryClient();
  const burst = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const cancel = whenSettled(queryClient, () => connection.start(), { maxMs: START_AT_MOST_MS });
    return () => {
      cancel();
      connection.stop();
    };
  }, [connection, queryClient]);
  useEffect(() => () => clearTimeout(burst.current), []);

  // Whatever changed while the socket was away was not announced: read it all again. The first
  // connection comes after the first screen has settled, so what that screen read before it, of
  // what the socket announces, is read again too; the session's identity and permissions
  // (Refine's "auth" and "access" queries) are announced by no event, so reading them again would
  // only repeat the questions the screen has just asked.
  useLiveConnect((again) => {
    if (again) return void queryClient.invalidateQueries();
    const connectedAt = Date.now();
    void queryClient.invalidateQueries({
      predicate: (query) => !UNANNOUNCED.has(String(query.queryKey?.[0])) && query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < connectedAt,
    });
  });

  useLiveEnded((reason) => onSessionEnded(reason));

  useLiveEvent("approval", () => {
    clearTimeout(burst.current);
    burst.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: [APPROVALS_KEY] }), APPROVAL_BURST_MS);
  });

  useLiveEvent("live", (event) => {
    const resource = event.channel.replace(/^resources\//, "");
    void queryClient.invalidateQueries({ queryKey: [VERSIONS_KEY, resource] });
  });

  return null;
}
