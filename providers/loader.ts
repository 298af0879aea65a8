import type { AxiosInstance, Method } from "axios";
import type { ApiEnvelope, Page } from "../protocol/api";
import { HttpError } from "./http";

export type { ApiEnvelope };

/** A list's `data` as the console reads it: it needs the rows and the total, the pager's numbers are optional. */
export type ListData<T> = Pick<Page<T>, "docs" | "totalDocs"> & Partial<Page<T>>;

export interface LoaderRequest {
  method: Method;
  url: string;
  body?: unknown;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface LoaderOptions {
  /** Shows the server's message after a successful write (spec §7: 'Success', top right). */
  notifySuccess?: (message: string) => void;
  /** How often a 406 (the server asking to retry a busy transaction) is retried. */
  retries?: number;
  retryDelayMs?: number;
}

export type Loader = <T = unknown>(request: LoaderRequest) => Promise<ApiEnvelope<T>>;

const WRITES = new Set(["POST", "PUT", "DELETE", "PATCH"]);

/** PUT and DELETE name their target in the path when the body carries an id (spec §7). */
export function resolveUrl(method: string, url: string, body: unknown): string {
  const verb = method.toUpperCase();
  if (verb !== "PUT" && verb !== "DELETE") return url;
  const id = body && typeof body === "object" ? (body as { id?: unknown }).id : undefined;
  if (id === undefined || id === null || id === "") return url;
  return `${url.replace(/\/+$/, "")}/${encodeURIComponent(String(id))}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createLoader(http: AxiosInstance, options: LoaderOptions = {}): Loader {
  const { notifySuccess, retries = 3, retryDelayMs = 150 } = options;

  return async function load<T>({ method, url, body, params, headers }: LoaderRequest) {
    const verb = method.toUpperCase();
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      try {
        const response = await http.request<ApiEnvelope<T>>({
          method: verb,
          url: resolveUrl(verb, url, body),
          data: body,
          params,
          headers,
        });
        const envelope = response.data;
        if (WRITES.has(verb) && envelope?.statusCode === 200 && envelope.message) {
          notifySuccess?.(envelope.message);
        }
        return envelope;
      } catch (error) {
        lastError = error;
        if (!(error instanceof HttpError) || error.statusCode !== 406) throw error;
        if (attempt < retries) await sleep(retryDelayMs * (attempt + 1));
      }
    }
    throw lastError;
  };
}
