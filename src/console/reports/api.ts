// The reports' data: GET /api/reports for a range of center-local days (refreshed every minute:
// the rollup runs that often), the facts behind a point, the centers side by side, and the CSV.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContentEvent, ContentKind, ReportCenter, ReportData, ReportFact, ReportFactKind } from "../../../protocol/reports";
import { getLocale } from "../../../providers/i18n";
import { session } from "../../../providers/session";
import { useApi } from "../approvals/api";

export const REPORTS_KEY = "reports";

export interface Range {
  from: string;
  to: string;
}

/** What a drill-down lists: one kind of fact over days, maybe one person's or one outcome's. */
export interface Drill extends Range {
  kind: ReportFactKind;
  outcome?: "approved" | "rejected";
  userId?: number;
  userName?: string;
}

export function useReport(range: Range, centerCode: string | null, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: [REPORTS_KEY, "report", range.from, range.to, centerCode],
    queryFn: async () => (await api.get<ReportData>("/api/reports", { ...range, center_code: centerCode })).data!,
    refetchInterval: 60_000,
    enabled,
    retry: false,
  });
}

export function useCompare(range: Range, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [REPORTS_KEY, "centers", range.from, range.to],
    queryFn: async () => (await api.get<{ centers: ReportCenter[] }>("/api/reports/centers", { ...range })).data!.centers,
    enabled,
    retry: false,
  });
}

/** A page of the facts behind a figure, oldest first. */
export function useFacts(drill: Drill | null, centerCode: string | null, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: [REPORTS_KEY, "facts", drill, centerCode, page],
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await api.get<{ facts: ReportFact[]; total: number; page: number; limit: number }>("/api/reports/facts", {
          page,
          from: drill!.from,
          to: drill!.to,
          kind: drill!.kind,
          outcome: drill!.outcome,
          user_id: drill!.userId,
          center_code: centerCode,
        })
      ).data!,
    enabled: drill !== null,
    retry: false,
  });
}

/** What a content drill-down lists: one figure of one month, within the report's days. */
export interface ContentDrill extends Range {
  kind: ContentKind;
  /** YYYY-MM, center-local. */
  month: string;
}

/** A page of the content behind a month's figure, oldest first. */
export function useContent(drill: ContentDrill | null, centerCode: string | null, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: [REPORTS_KEY, "content", drill, centerCode, page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await api.get<{ events: ContentEvent[]; total: number; page: number; limit: number }>("/api/reports/content", {
          page,
          from: drill!.from,
          to: drill!.to,
          kind: drill!.kind,
          center_code: centerCode,
        })
      ).data!,
    enabled: drill !== null,
    retry: false,
  });
}

export function csvUrl(range: Range, centerCode: string | null): string {
  const query = new URLSearchParams({ from: range.from, to: range.to, ...(centerCode ? { center_code: centerCode } : {}) });
  return `/api/reports/export.csv?${query}`;
}

const fileName = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;

/** Saves the report's days as the server writes them, with the console's language for headings. */
export async function downloadCsv(range: Range, centerCode: string | null): Promise<void> {
  const user = session.getUser();
  const center = session.getCenter();
  const response = await fetch(csvUrl(range, centerCode), {
    headers: {
      ...(user ? { Authorization: `Bearer ${user.token}` } : {}),
      ...(center ? { "X-Center-Code": center.code } : {}),
      "Accept-Language": getLocale(),
    },
  });
  if (!response.ok) throw new Error(String(response.status));
  const blob = await response.blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = fileName(response.headers.get("content-disposition"), "report.csv");
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
