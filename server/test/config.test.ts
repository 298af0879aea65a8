import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadOrCreateJwtSecret, loadOrCreateTotpKey } from "../config.js";

const SECRET = "x".repeat(32);
/** PostgreSQL mode needs both secrets. */
const PG = { JWT_SECRET: SECRET, TOTP_ENCRYPTION_KEY: "k".repeat(32) };

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("has working defaults for the embedded database", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "127.0.0.1",
      dataDir: "./data",
      databaseUrl: undefined,
      jwtSecret: undefined,
      seedDemo: true,
      staticDir: "./dist",
      logLevel: "warn",
      db: { poolMax: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 15_000, queryTimeoutMs: 20_000 },
      requestTimeoutMs: 30_000,
      shutdownTimeoutMs: 10_000,
      trustProxy: false,
      loginIpRateLimit: 60,
      // The embedded demo's accounts sign in with their passwords alone.
      twoFactorDefaults: false,
      scheduleSweepMs: 15_000,
    });
  });

  it("reads TRUST_PROXY as a flag, a number of hops or proxy addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe("10.0.0.0/8, 127.0.0.1");
    expect(configError({ TRUST_PROXY: "yes please" }).message).toMatch(/^TRUST_PROXY must be/);
  });

  it("listens only locally with the embedded database (it holds the demo passwords) unless HOST says otherwise", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", ...PG }).host).toBe("0.0.0.0");
    // Demo data's passwords are public, on PostgreSQL too.
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", ...PG, SEED_DEMO: "1" }).host).toBe("127.0.0.1");
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", ...PG, SEED_DEMO: "1", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });

  it.each(["DB_CONNECT_TIMEOUT_MS", "DB_STATEMENT_TIMEOUT_MS", "DB_QUERY_TIMEOUT_MS", "REQUEST_TIMEOUT_MS", "SHUTDOWN_TIMEOUT_MS", "DB_POOL_MAX"])(
    "refuses a bad %s with a one-line message naming it",
    (name) => {
      for (const value of ["0", "abc", "-5", "1.5"]) expect(configError({ [name]: value }).message).toMatch(new RegExp(`^${name} must be`));
    },
  );

  it("sweeps the schedule every 15 s unless SCHEDULE_SWEEP_MS says otherwise, from 1 s to a minute", () => {
    expect(loadConfig({}).scheduleSweepMs).toBe(15_000);
    expect(loadConfig({ SCHEDULE_SWEEP_MS: "5000" }).scheduleSweepMs).toBe(5_000);
    // Slower than a minute would break the promise that a transition happens within one.
    for (const value of ["999", "60001", "abc"])
      expect(configError({ SCHEDULE_SWEEP_MS: value }).message).toMatch(/^SCHEDULE_SWEEP_MS must be an integer from 1000 to 60000/);
  });

  it.each(["0", "65536", "abc", "30.5", "-1"])("refuses PORT=%s with a one-line message naming PORT", (port) => {
    const err = configError({ PORT: port });
    expect(err.message).toMatch(/^PORT /);
    expect(err.message).not.toContain("\n");
  });

  it("requires JWT_SECRET with DATABASE_URL", () => {
    const err = configError({ DATABASE_URL: "postgres://db/console" });
    expect(err.message).toContain("JWT_SECRET");
    expect(err.message).not.toContain("\n");
  });

  it("refuses a short JWT_SECRET", () => {
    expect(configError({ JWT_SECRET: "short" }).message).toContain("JWT_SECRET");
  });

  it("refuses a DATABASE_URL that is not postgres", () => {
    expect(configError({ DATABASE_URL: "mysql://db/x", JWT_SECRET: SECRET }).message).toMatch(/^DATABASE_URL /);
  });

  it("turns the demo seed off by default on PostgreSQL, and honours SEED_DEMO", () => {
    expect(loadConfig({ DATABASE_URL: "postgresql://db/x", ...PG }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgresql://db/x", ...PG, SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "0" }).seedDemo).toBe(false);
    expect(configError({ SEED_DEMO: "yes" }).message).toMatch(/^SEED_DEMO /);
  });

  it("requires TOTP_ENCRYPTION_KEY with DATABASE_URL, long and apart from JWT_SECRET", () => {
    expect(configError({ DATABASE_URL: "postgres://db/x", JWT_SECRET: SECRET }).message).toMatch(/^TOTP_ENCRYPTION_KEY is required/);
    expect(configError({ TOTP_ENCRYPTION_KEY: "short" }).message).toMatch(/^TOTP_ENCRYPTION_KEY must be at least 32/);
    expect(configError({ JWT_SECRET: SECRET, TOTP_ENCRYPTION_KEY: SECRET }).message).toBe("TOTP_ENCRYPTION_KEY must differ from JWT_SECRET");
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", ...PG }).totpKey).toBe(PG.TOTP_ENCRYPTION_KEY);
  });

  it("takes TOTP_ENCRYPTION_KEY_PREVIOUS only beside the key that replaces it, long and different", () => {
    const previous = "p".repeat(32);
    expect(configError({ TOTP_ENCRYPTION_KEY_PREVIOUS: previous }).message).toBe(
      "TOTP_ENCRYPTION_KEY_PREVIOUS needs TOTP_ENCRYPTION_KEY, the key that replaces it",
    );
    expect(configError({ ...PG, TOTP_ENCRYPTION_KEY_PREVIOUS: "short" }).message).toMatch(/^TOTP_ENCRYPTION_KEY_PREVIOUS must be at least 32/);
    expect(configError({ ...PG, TOTP_ENCRYPTION_KEY_PREVIOUS: PG.TOTP_ENCRYPTION_KEY }).message).toMatch(
      /^TOTP_ENCRYPTION_KEY_PREVIOUS must differ from TOTP_ENCRYPTION_KEY/,
    );
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", ...PG, TOTP_ENCRYPTION_KEY_PREVIOUS: previous }).totpPreviousKey).toBe(previous);
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", ...PG }).totpPreviousKey).toBeUndefined();
  });

  it("turns the two-factor defaults on with PostgreSQL, and honours TWO_FACTOR_DEFAULTS", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", ...PG }).twoFactorDefaults).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", ...PG, TWO_FACTOR_DEFAULTS: "0" }).twoFactorDefaults).toBe(false);
    expect(loadConfig({ TWO_FACTOR_DEFAULTS: "1" }).twoFactorDefaults).toBe(true);
    expect(configError({ TWO_FACTOR_DEFAULTS: "on" }).message).toMatch(/^TWO_FACTOR_DEFAULTS must be 0 or 1/);
  });

  it("validates LOG_LEVEL", () => {
    expect(loadConfig({ LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(configError({ LOG_LEVEL: "verbose" }).message).toMatch(/^LOG_LEVEL /);
  });
});

describe("loadOrCreateJwtSecret", () => {
  it("generates a secret once, private to the owner, and reuses it", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-secret-"));
    const first = loadOrCreateJwtSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, "jwt-secret")).mode & 0o777).toBe(0o600);
    expect(loadOrCreateJwtSecret(dir)).toBe(first);
    expect(readFileSync(join(dir, "jwt-secret"), "utf8").trim()).toBe(first);
  });
});

describe("loadOrCreateTotpKey", () => {
  it("generates a key beside the JWT secret, private to the owner, and reuses it", () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-totp-key-"));
    const key = loadOrCreateTotpKey(dir);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, "totp-key")).mode & 0o777).toBe(0o600);
    expect(loadOrCreateTotpKey(dir)).toBe(key);
    expect(loadOrCreateJwtSecret(dir)).not.toBe(key);
  });
});
