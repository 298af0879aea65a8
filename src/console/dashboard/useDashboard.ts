// The welcome page's data (GET /api/dashboard). When the server says something a block counts
// changed, that block alone is read again (?blocks=) and put in place: a queue (as the sidebar's
// counts), a record (a decision on your change, a scheduled go-live), a conversation or a
// visitor's message (as the inbox's badge), a notification (a decision on your change). A burst
// of events (a bulk decision) asks once.
import { useEffect, useRef } from "react";
import { useCustom } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import type { ApiEnvelope } from "../../../protocol/api";
import type { DashboardAnswer, DashboardBlock } from "../../../protocol/dashboard";
import { session } from "../../../providers/session";
import { useApi } from "../approvals/api";
import { useLiveEvent } from "../live/context";

export const DASHBOARD_KEY = "dashboard";
/** Events this close together refresh the page once. */
export const DASHBOARD_BURST_MS = 250;

type Cached = { data: ApiEnvelope<DashboardAnswer> };

/** The cached page with `blocks` as `fresh` has them (a block it lacks is no longer the caller's). */
export function withBlocks(cached: Cached, fresh: DashboardAnswer, blocks: readonly DashboardBlock[]): Cached {
  const page: DashboardAnswer = { ...cached.data.data!, now: fresh.now, time_zone: fresh.time_zone };
  for (const block of blocks) {
    if (fresh[block] === undefined) delete page[block];
    else Object.assign(page, { [block]: fresh[block] });
  }
  return { ...cached, data: { ...cached.data, data: page } };
}

export function useDashboard() {
  const queryClient = useQueryClient();
  const api = useApi();
  const key = [DASHBOARD_KEY, session.getCenter()?.code ?? ""];
  const { query, result } = useCustom<ApiEnvelope<DashboardAnswer> & Record<string, unknown>>({
    url: "/api/dashboard",
    method: "get",
    queryOptions: { queryKey: key, retry: false },
    errorNotification: false,
  });

  const burst = useRef<ReturnType<typeof setTimeout>>(undefined);
  const dirty = useRef(new Set<DashboardBlock>());
  useEffect(() => () => clearTimeout(burst.current), []);
  const refresh = (...blocks: DashboardBlock[]) => {
    for (const block of blocks) dirty.current.add(block);
    clearTimeout(burst.current);
    burst.current = setTimeout(() => {
      const wanted = [...dirty.current];
      dirty.current.clear();
      const everything = () => void queryClient.invalidateQueries({ queryKey: [DASHBOARD_KEY] });
      if (!queryClient.getQueryData<Cached>(key)?.data?.data) return everything();
      api.get<DashboardAnswer>("/api/dashboard", { blocks: wanted.join(",") }).then((answer) => {
        const cached = queryClient.getQueryData<Cached>(key);
        if (cached?.data?.data && answer.data) queryClient.setQueryData<Cached>(key, withBlocks(cached, answer.data, wanted));
        else everything();
      }, everything);
    }, DASHBOARD_BURST_MS);
  };
  useLiveEvent("approval", () => refresh("approvals", "my_changes", "calendar"));
  useLiveEvent("live", () => refresh("my_changes", "calendar"));
  useLiveEvent("notification", () => refresh("my_changes"));
  useLiveEvent("chat:conversation", () => refresh("inbox"));
  useLiveEvent("chat:message", (message) => {
    if (message.kind === "visitor") refresh("inbox");
  });

  return { data: result.data?.data, isLoading: query.isLoading, isError: query.isError };
}
