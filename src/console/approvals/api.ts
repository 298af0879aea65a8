// The approvals and history API (see the contract), called through Refine's data provider so the
// loader's retries, 401 handling and 'Success' notifications apply, and tests can fake the transport.
import { useCallback } from "react";
import { useDataProvider } from "@refinedev/core";
import type { ApiEnvelope, ListData } from "../../../providers/loader";
import type { ChangeKind, RequestStatus } from "./state";

export type Snapshot = Record<string, unknown>;

export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

/** One change request as the queue lists it. */
export interface ApprovalRequest {
  id: number;
  queue: string;
  resource: string;
  /** The definition's label ("Post"), as the server names it. */
  resource_label?: string;
  record_id: number;
  center_code: string | null;
  center_web_name?: string | null;
  title: string;
  change: ChangeKind;
  status: RequestStatus;
  submitted_by_name: string | null;
  submitted_at: string;
  decided_by_name: string | null;
  decided_at: string | null;
  reason: string | null;
  comment: string | null;
  /** The record's version the proposal was read at: sent back with a decision. */
  version: number;
  image?: string | null;
  /** Grid-layout queues only. */
  proposed?: Snapshot | null;
  /** The author's change note, when the server sends it. */
  note?: string | null;
}

/** An earlier request of the same record, as the approval page lists them. */
export type EarlierRequest = Pick<
  ApprovalRequest,
  "id" | "change" | "status" | "submitted_by_name" | "submitted_at" | "decided_by_name" | "decided_at" | "reason" | "comment"
>;

export interface ApprovalDetail extends ApprovalRequest {
  proposed: Snapshot;
  live: Snapshot | null;
  changes: Change[];
  can_decide: boolean;
  history: EarlierRequest[];
  next_id: number | null;
}

export interface BulkResult {
  succeeded: number[];
  failed: { id: number; statusCode: number; message: string }[];
}

export type VersionAction = "create" | "update" | "delete" | "approve" | "reject" | "withdraw" | "restore";

export interface Decision {
  status: RequestStatus;
  by_name: string | null;
  at: string | null;
  reason: string | null;
  comment: string | null;
}

export interface VersionRow {
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
