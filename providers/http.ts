import axios, { type AxiosError, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import type { HttpError as RefineHttpError } from "@refinedev/core";
import { getLocale } from "./i18n";
import { session } from "./session";

/** Every failed call becomes one of these, once, here (Refine's HttpError shape). */
export class HttpError extends Error implements RefineHttpError {
  statusCode: number;
  errors?: Record<string, string>;
  /** The answer's `data`, when a failure carries one (a stale save's 409 carries the current record). */
  data?: unknown;
  constructor(message: string, statusCode: number, errors?: Record<string, string>, data?: unknown) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.errors = errors;
    this.data = data;
  }
}

export interface HttpClientOptions {
  baseURL?: string;
  /** Called when a signed-in call answers 401 (with the answer's `code`, if any); the caller de-duplicates. */
  onUnauthorized?: (code?: string) => void;
  /** Called when the server is away (503, or no answer at all) and when it answers again. */
  onUnavailable?: () => void;
  onAvailable?: () => void;
  /** Tests inject the transport; the browser uses XHR. */
  adapter?: AxiosAdapter;
}

export function createHttpClient({ baseURL = "", onUnauthorized, onUnavailable, onAvailable, adapter }: HttpClientOptions = {}): AxiosInstance {
  const http = axios.create({ baseURL, timeout: 30_000, ...(adapter ? { adapter } : {}) });
  const retried = new WeakSet<InternalAxiosRequestConfig>();

  http.interceptors.request.use((config) => {
    const user = session.getUser();
    if (user?.token) config.headers.set("Authorization", `Bearer ${user.token}`);
    const center = session.getCenter();
    if (center?.code) config.headers.set("X-Center-Code", center.code);
    // The server words its messages (field errors, toasts) in the console's language.
    config.headers.set("Accept-Language", getLocale());
    return config;
  });

  http.interceptors.response.use(
    (response) => {
      onAvailable?.();
      return response;
    },
    async (error: AxiosError<{ message?: string; errors?: Record<string, string>; data?: unknown; code?: unknown }>) => {
      const status = error.response?.status ?? 0;
      // Refused for a token this session is just replacing: asked once more with the new one.
      const renewal = status === 401 ? session.tokenRenewal() : null;
      const config = error.config;
      if (renewal && config && !retried.has(config)) {
        await renewal;
        const token = session.getUser()?.token;
        if (token && config.headers.Authorization !== `Bearer ${token}`) {
          retried.add(config);
          return http.request(config);
        }
      }
      if (status === 503 || (status === 0 && !axios.isCancel(error))) onUnavailable?.();
      else onAvailable?.();
      const body = error.response?.data;
      const sentToken = !!error.config?.headers?.Authorization;
      if (status === 401 && sentToken) onUnauthorized?.(body && typeof body === "object" && typeof body.code === "string" ? body.code : undefined);
      const message = (body && typeof body === "object" && typeof body.message === "string" && body.message) || error.message || "Request failed";
      const isBody = !!body && typeof body === "object";
      return Promise.reject(new HttpError(message, status, isBody ? body.errors : undefined, isBody ? body.data : undefined));
    },
  );

  return http;
}
