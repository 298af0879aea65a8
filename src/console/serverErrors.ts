import { HttpError } from "../../providers/http";

/**
 * A failed write as antd form field errors: the server's field messages beside their fields, or
 * else its message on `fallbackField`. Null when the error says nothing about fields.
 */
export function serverFieldErrors(error: unknown, fallbackField?: string): { name: string; errors: string[] }[] | null {
  if (!(error instanceof HttpError)) return null;
  const fields = Object.entries(error.errors ?? {}).map(([name, message]) => ({ name, errors: [String(message)] }));
  if (fields.length) return fields;
  return fallbackField ? [{ name: fallbackField, errors: [error.message] }] : null;
}
