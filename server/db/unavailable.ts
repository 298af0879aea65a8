// Which database errors mean "the database is away" (the request may succeed later, the client
// should retry) rather than "this request is wrong" or "the server is broken".

// Socket-level failures reaching or talking to the server.
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
// SQLSTATEs: the server shutting down or not accepting connections, too many connections, a
// statement cancelled by statement_timeout.
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);
// What node-postgres says when a connection dies, times out or cannot be had.
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /Cannot use a pool after calling end/,
  /^Client was closed and is not queryable/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const err = error as { code?: unknown; message?: unknown } | null;
  if (!err || typeof err !== "object") return false;
  const code = typeof err.code === "string" ? err.code : "";
  if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08")) return true;
  const message = typeof err.message === "string" ? err.message : "";
  return MESSAGES.some((pattern) => pattern.test(message));
}
