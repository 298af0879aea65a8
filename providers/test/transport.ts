import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { AxiosError } from "axios";

export interface Reply {
  status: number;
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  url: string;
  params?: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: unknown;
}

/**
 * An injected transport for provider tests: answers each request from `route` and records it.
 * Non-2xx replies reject the way axios's own adapters do.
 */
export function fakeTransport(route: (request: RecordedRequest) => Reply | Promise<Reply>) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: RecordedRequest = {
      method: (config.method ?? "get").toUpperCase(),
      url: config.url ?? "",
      params: config.params,
      headers: config.headers.toJSON() as Record<string, unknown>,
      body: typeof config.data === "string" ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    const reply = await route(request);
    const response = { data: reply.body, status: reply.status, statusText: String(reply.status), headers: {}, config };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, "ERR_BAD_RESPONSE", config, null, response);
  };
  return { adapter, requests };
}

export const ok = (data: unknown, message?: string): Reply => ({
  status: 200,
  body: { statusCode: 200, ...(message ? { message } : {}), data },
});

export const list = (docs: unknown[], totalDocs = docs.length): Reply => ok({ docs, totalDocs, page: 1, limit: 10, totalPages: Math.ceil(totalDocs / 10) });

export const fail = (status: number, message = "Failed", errors?: Record<string, string>): Reply => ({
  status,
  body: { statusCode: status, message, ...(errors ? { errors } : {}) },
});
