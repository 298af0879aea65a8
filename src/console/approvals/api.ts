// The approvals and history API (see the contract), called through Refine's data provider so the
// loader's retries, 401 handling and 'Success' notifications apply, and tests can fake the transport.
import { useCallback } from "react";
import { useDataProvider } from "@refinedev/core";
import type { ApiEnvelope, ListData } from "../../../providers/loader";
import type { ApprovalDetail, ApprovalRequest, BulkResult, FieldChange, Snapshot, VersionLife } from "../../../protocol/api";
import type { RequestStatus } from "./state";

/** A change (a field, its value before and after), as requests and versions list them. */
export type Change = FieldChange;
export type { ApprovalDetail, ApprovalRequest, BulkResult, Snapshot };

/** An earlier request of the same record, as the approval page lists it. */
export type EarlierRequest = Pick<
  ApprovalRequest,
  "id" | "change" | "status" | "submitted_by_name" | "submitted_at" | "decided_by_name" | "decided_at" | "reason" | "comment"
>;

export type VersionAction = "create" | "update" | "delete" | "approve" | "reject" | "withdraw" | "restore";

export interface Decision {
  status: RequestStatus;
  by_name: string | null;
  at: string | null;
  reason: string | null;
  comment: string | null;
}

export interface VersionRow extends Partial<VersionLife> {
  version: number;
  action: VersionAction;
  status: string;
  actor_name: string | null;
  at: string;
  note: string | null;
  request_id: number | null;
  live: boolean;
  decision: Decision | null;
  /** Center-wide history only. */
  record_id?: number;
  title?: string;
}

/** One version in full: its row (whose `live` flag the server names `is_live` here), snapshot and changes. */
export interface VersionDetail extends Omit<VersionRow, "live" | "record_id" | "title"> {
  data: Snapshot;
  previous_version: number | null;
  changes: Change[];
  live_version: number | null;
  live: Snapshot | null;
  changes_vs_live: Change[];
}

export type Query = Record<string, string | number | undefined | null>;

const clean = (query: Query = {}) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ""));

/** GET and POST on the dashboard API; each answers the whole envelope (message and data). */
export function useApi() {
  const dataProvider = useDataProvider();
  const call = useCallback(
    async <T>(method: "get" | "post", url: string, body?: unknown, query?: Query): Promise<ApiEnvelope<T>> => {
      const { data } = await dataProvider().custom!<ApiEnvelope<T>>({ url, method, payload: body as object, query: clean(query) });
      return data;
    },
    [dataProvider],
  );
  return {
    get: useCallback(<T>(url: string, query?: Query) => call<T>("get", url, undefined, query), [call]),
    post: useCallback(<T>(url: string, body: unknown = {}) => call<T>("post", url, body), [call]),
  };
}

export type List<T> = ListData<T>;

/** Every query of this feature starts with this key: a decision refreshes queues, pages and counts at once. */
export const APPROVALS_KEY = "approvals";
export const VERSIONS_KEY = "versions";
