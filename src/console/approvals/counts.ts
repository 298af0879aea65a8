import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { session } from "../../../providers/session";
import { useLiveStatus } from "../live/context";
import { APPROVALS_KEY, useApi } from "./api";

/** How often the sidebar asks again while the socket is away (connected, `approval` events refresh it). */
export const COUNTS_REFRESH_MS = 30_000;

/** Open requests per queue the caller may decide (GET /api/approvals/counts), fresh on every navigation. */
export function useApprovalCounts(enabled: boolean): Record<string, number> {
  const api = useApi();
  const location = useLocation();
  const connected = useLiveStatus() === "connected";
  const query = useQuery({
    queryKey: [APPROVALS_KEY, "counts", session.getCenter()?.code ?? ""],
    queryFn: async () => (await api.get<Record<string, number>>("/api/approvals/counts")).data ?? {},
    enabled,
    refetchInterval: connected ? false : COUNTS_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
  // The first path's counts are the query's own first answer.
  const countedOn = useRef(location.pathname);
  const { refetch } = query;
  useEffect(() => {
    if (countedOn.current === location.pathname) return;
    countedOn.current = location.pathname;
    if (enabled) void refetch();
  }, [location.pathname, enabled, refetch]);
  return query.data ?? {};
}
