// The welcome page's data (GET /api/dashboard), read again when the server says something it
// counts changed: a queue (as the sidebar's counts), a record (a decision on your change, a
// scheduled go-live), a conversation or a visitor's message (as the inbox's badge), a notification
// (a decision on your change). A burst of events (a bulk decision) asks once.
import { useEffect, useRef } from "react";
import { useCustom } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import type { ApiEnvelope } from "../../../protocol/api";
import type { DashboardAnswer } from "../../../protocol/dashboard";
import { session } from "../../../providers/session";
import { useLiveEvent } from "../live/context";

export const DASHBOARD_KEY = "dashboard";
/** Events this close together refresh the page once. */
export const DASHBOARD_BURST_MS = 250;

export function useDashboard() {
  const queryClient = useQueryClient();
  const key = [DASHBOARD_KEY, session.getCenter()?.code ?? ""];
  const { query, result } = useCustom<ApiEnvelope<DashboardAnswer> & Record<string, unknown>>({
    url: "/api/dashboard",
    method: "get",
    queryOptions: { queryKey: key, retry: false },
    errorNotification: false,
  });

  const burst = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(burst.current), []);
  const refresh = () => {
    clearTimeout(burst.current);
    burst.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: [DASHBOARD_KEY] }), DASHBOARD_BURST_MS);
  };
  useLiveEvent("approval", refresh);
  useLiveEvent("live", refresh);
  useLiveEvent("notification", refresh);
  useLiveEvent("chat:conversation", refresh);
  useLiveEvent("chat:message", (message) => {
    if (message.kind === "visitor") refresh();
  });

  return { data: result.data?.data, isLoading: query.isLoading, isError: query.isError };
}
