import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** A bad environment variable: the message is one line that names it, so it can be printed as-is. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** As written by the operator, so messages show the same path they typed. */
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seedDemo: boolean;
  staticDir: string;
  logLevel: LogLevel;
  /** PostgreSQL mode: pool size and how long a connection, a statement and an answer may take. */
  db: { poolMax: number; connectTimeoutMs: number; statementTimeoutMs: number; queryTimeoutMs: number };
  /** How long a client may take to send a request (Fastify's requestTimeout). */
  requestTimeoutMs: number;
  /** How long a stop waits for requests in flight before it closes anyway. */
  shutdownTimeoutMs: number;
  /** Which proxies to believe about the client's address (X-Forwarded-For): false, true, hops, or addresses. */
  trustProxy: boolean | number | string;
  /** Login attempts per minute from one client address, over all usernames. */
  loginIpRateLimit: number;
  /** Push notifications through Firebase Cloud Messaging; undefined: push is off. */
  push: PushConfig | undefined;
  /** The console's public https address (CONSOLE_URL): passkeys are bound to it when set. */
  consoleUrl: string | undefined;
  /** Encrypts authenticator secrets at rest; undefined: generated into DATA_DIR (embedded only). */
  totpKey: string | undefined;
  /** TOTP_ENCRYPTION_KEY_PREVIOUS: the key being replaced; what it sealed is sealed anew with totpKey. */
  totpPreviousKey: string | undefined;
  /**
   * Whether superadmins and roles that approve, manage centers or manage users must use a second
   * factor, beside roles marked to require one (TWO_FACTOR_DEFAULTS; on with PostgreSQL).
   */
  twoFactorDefaults: boolean;
  /** How often each instance looks for due go-lives and take-downs (at most a minute: they must happen within one). */
  scheduleSweepMs: number;
}

/** How the server signs in to Firebase: a service account's key, or Google's default credentials. */
export type PushCredentials = { kind: "serviceAccount"; serviceAccount: Record<string, unknown> } | { kind: "applicationDefault" };

export interface PushConfig {
  credentials: PushCredentials;
  /** The console's public https address: a clicked notification opens its page there. */
  consoleUrl?: string;
}

const SERVICE_ACCOUNT_FORMAT = "FIREBASE_SERVICE_ACCOUNT must be a service account key (its JSON, or the path to its file)";

/**
 * FIREBASE_SERVICE_ACCOUNT (the key's JSON, or a path to it) or GOOGLE_APPLICATION_CREDENTIALS
 * (read by Google's libraries themselves) turn push on. Checked here, so a bad key stops the start
 * instead of failing every send.
 */
function readPush(env: NodeJS.ProcessEnv): PushConfig | undefined {
  const raw = read(env, "FIREBASE_SERVICE_ACCOUNT");
  const consoleUrl = read(env, "CONSOLE_URL");
  if (consoleUrl !== undefined && !/^https:\/\/[^/\s]+/.test(consoleUrl)) {
    // Firebase opens only https links from a notification.
    throw new ConfigError(`CONSOLE_URL must be the console's https address, e.g. https://console.example.com (got "${consoleUrl}")`);
  }
  const withUrl = (credentials: PushCredentials): PushConfig => ({ credentials, ...(consoleUrl ? { consoleUrl } : {}) });
  if (raw === undefined) return read(env, "GOOGLE_APPLICATION_CREDENTIALS") === undefined ? undefined : withUrl({ kind: "applicationDefault" });
  let text = raw;
  if (!raw.startsWith("{")) {
    if (!existsSync(raw)) throw new ConfigError(`${SERVICE_ACCOUNT_FORMAT}: no file at "${raw}"`);
    text = readFileSync(raw, "utf8");
  }
  let key: unknown;
  try {
    key = JSON.parse(text);
  } catch {
    throw new ConfigError(`${SERVICE_ACCOUNT_FORMAT}: not valid JSON`);
  }
  const fields = key as Record<string, unknown> | null;
  if (
    !fields ||
    typeof fields !== "object" ||
    typeof fields.client_email !== "string" ||
    typeof fields.private_key !== "string" ||
    typeof fields.project_id !== "string"
  ) {
    throw new ConfigError(`${SERVICE_ACCOUNT_FORMAT}: project_id, client_email or private_key is missing`);
  }
  return withUrl({ kind: "serviceAccount", serviceAccount: fields });
}

function readTrustProxy(env: NodeJS.ProcessEnv): boolean | number | string {
  const raw = read(env, "TRUST_PROXY");
  if (raw === undefined || raw === "false") return false;
  if (raw === "true") return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^[0-9a-fA-F.:/, ]+$/.test(raw) || /^(loopback|linklocal|uniquelocal)(,|$)/.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be true, false, a number of hops, or proxy addresses (got "${raw}")`);
}

const MIN_SECRET_LENGTH = 32;

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === "" ? undefined : value;
}

/** A whole number of milliseconds from `min` to `max`, or the default when unset. */
function readMs(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1, max = 600_000): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rawPort = read(env, "PORT") ?? "3000";
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 1 to 65535 (got "${rawPort}")`);
  }

  const databaseUrl = read(env, "DATABASE_URL");
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql://");
  }

  const jwtSecret = read(env, "JWT_SECRET");
  if (databaseUrl !== undefined && jwtSecret === undefined) {
    // Several instances behind a load balancer must accept each other's tokens.
    throw new ConfigError(`JWT_SECRET is required when DATABASE_URL is set (at least ${MIN_SECRET_LENGTH} characters)`);
  }
  if (jwtSecret !== undefined && jwtSecret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
  }

  const totpKey = read(env, "TOTP_ENCRYPTION_KEY");
  if (databaseUrl !== undefined && totpKey === undefined) {
    // Every instance must read the secrets the others stored.
    throw new ConfigError(`TOTP_ENCRYPTION_KEY is required when DATABASE_URL is set (at least ${MIN_SECRET_LENGTH} characters)`);
  }
  if (totpKey !== undefined && totpKey.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`TOTP_ENCRYPTION_KEY must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  if (totpKey !== undefined && totpKey === jwtSecret) {
    // One leaked secret must not give away the other: a new JWT_SECRET must not lose every authenticator.
    throw new ConfigError("TOTP_ENCRYPTION_KEY must differ from JWT_SECRET");
  }
  const totpPreviousKey = read(env, "TOTP_ENCRYPTION_KEY_PREVIOUS");
  if (totpPreviousKey !== undefined && totpKey === undefined) {
    throw new ConfigError("TOTP_ENCRYPTION_KEY_PREVIOUS needs TOTP_ENCRYPTION_KEY, the key that replaces it");
  }
  if (totpPreviousKey !== undefined && totpPreviousKey.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`TOTP_ENCRYPTION_KEY_PREVIOUS must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  if (totpPreviousKey !== undefined && totpPreviousKey === totpKey) {
    throw new ConfigError("TOTP_ENCRYPTION_KEY_PREVIOUS must differ from TOTP_ENCRYPTION_KEY: it is the key being replaced");
  }
  const rawDefaults = read(env, "TWO_FACTOR_DEFAULTS");
  if (rawDefaults !== undefined && rawDefaults !== "0" && rawDefaults !== "1") {
    throw new ConfigError(`TWO_FACTOR_DEFAULTS must be 0 or 1 (got "${rawDefaults}")`);
  }

  const rawSeed = read(env, "SEED_DEMO");
  if (rawSeed !== undefined && rawSeed !== "0" && rawSeed !== "1") {
    throw new ConfigError(`SEED_DEMO must be 0 or 1 (got "${rawSeed}")`);
  }
  const seedDemo = rawSeed === undefined ? databaseUrl === undefined : rawSeed === "1";

  // The embedded demo keeps its terminal readable (warnings, errors and the start banner); a
  // production server logs a line per request.
  const logLevel = (read(env, "LOG_LEVEL") ?? (databaseUrl === undefined ? "warn" : "info")).toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${logLevel}")`);
  }

  return {
    port,
    // Demo data has public passwords, and the embedded database is a single-machine demo: neither
    // is put on the network unless HOST asks for it.
    host: read(env, "HOST") ?? (databaseUrl === undefined || seedDemo ? "127.0.0.1" : "0.0.0.0"),
    dataDir: read(env, "DATA_DIR") ?? "./data",
    databaseUrl,
    jwtSecret,
    seedDemo,
    staticDir: read(env, "STATIC_DIR") ?? "./dist",
    logLevel: logLevel as LogLevel,
    db: {
      poolMax: readMs(env, "DB_POOL_MAX", 10, 1, 1000),
      connectTimeoutMs: readMs(env, "DB_CONNECT_TIMEOUT_MS", 5_000),
      statementTimeoutMs: readMs(env, "DB_STATEMENT_TIMEOUT_MS", 15_000),
      queryTimeoutMs: readMs(env, "DB_QUERY_TIMEOUT_MS", 20_000),
    },
    requestTimeoutMs: readMs(env, "REQUEST_TIMEOUT_MS", 30_000),
    shutdownTimeoutMs: readMs(env, "SHUTDOWN_TIMEOUT_MS", 10_000),
    trustProxy: readTrustProxy(env),
    loginIpRateLimit: readMs(env, "LOGIN_IP_RATE_LIMIT", 60, 1, 1_000_000),
    push: readPush(env),
    consoleUrl: read(env, "CONSOLE_URL"),
    totpKey,
    totpPreviousKey,
    // The embedded demo's accounts keep signing in with their passwords alone.
    twoFactorDefaults: rawDefaults === undefined ? databaseUrl !== undefined : rawDefaults === "1",
    scheduleSweepMs: readMs(env, "SCHEDULE_SWEEP_MS", 15_000, 1_000, 60_000),
  };
}

/**
 * The embedded server keeps its generated secret beside the data, so tokens survive restarts
 * without the operator having to invent one.
 */
export function loadOrCreateJwtSecret(dataDir: string): string {
  return loadOrCreateSecret(dataDir, "jwt-secret");
}

/** The key that encrypts authenticator secrets, kept beside the data like the JWT secret. */
export function loadOrCreateTotpKey(dataDir: string): string {
  return loadOrCreateSecret(dataDir, "totp-key");
}

function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = join(resolve(dataDir), name);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= MIN_SECRET_LENGTH) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
