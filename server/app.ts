import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { AjvCompiler } from "@fastify/ajv-compiler";
import SerializerSelector from "@fastify/fast-json-stringify-compiler";
import Fastify, { type FastifyInstance } from "fastify";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ResourceDefinition } from "../resources/types.js";
import { createChanges } from "./changes.js";
import type { Db } from "./db/client.js";
import { registerRealtime } from "./realtime/live.js";
import { postgresRateLimitStore } from "./db/rateLimitStore.js";
import approvalRoutes from "./approvals/routes.js";
import documentRoutes from "./documents/routes.js";
import exportRoutes from "./documents/export.js";
import activityRoutes from "./activity/routes.js";
import historyRoutes from "./documents/history.js";
import { loadDefinitions } from "./definitions/load.js";
import chats from "./chats/plugin.js";
import notifications from "./notifications/plugin.js";
import type { PushOptions } from "./push/dispatch.js";
import uploadRoutes from "./routes/uploads.js";
import publicRoutes from "./routes/public.js";
import schedulePlugin from "./schedule/plugin.js";
import calendarRoutes from "./schedule/routes.js";
import reportsPlugin from "./reports/plugin.js";
import reportRoutes from "./reports/routes.js";
import dashboardRoutes from "./dashboard/routes.js";
import { isCalendarDate, isDateTime } from "./lib/dates.js";
import { createTokenService, type TokenService } from "./lib/tokens.js";
import authPlugin from "./plugins/auth.js";
import errorsPlugin, { notFoundHandler } from "./plugins/errors.js";
import inputPlugin from "./plugins/input.js";
import languagePlugin from "./plugins/language.js";
import { SERVER_MESSAGES } from "./messages.js";
import { registerOpenApi } from "./plugins/openapi.js";
import staticPlugin from "./plugins/static.js";
import authRoutes from "./routes/auth.js";
import centerRoutes from "./routes/centers.js";
import healthRoutes, { readinessRoutes } from "./routes/health.js";
import permissionRoutes from "./routes/permissions.js";
import pushRoutes from "./routes/push.js";
import roleRoutes from "./users/roleRoutes.js";
import userRoutes from "./users/routes.js";
import verifyRoutes from "./routes/verify.js";
import listColumnsRoutes from "./routes/listColumns.js";
import widgetRoutes from "./routes/widget.js";
import { inlineScriptSources } from "./http/inlineScripts.js";
import { createTwoFactorContext, type TwoFactorOptions } from "./twoFactor/context.js";
import twoFactorAccountRoutes from "./twoFactor/accountRoutes.js";
import twoFactorResetRoute from "./twoFactor/resetRoute.js";
import { rekeyOnStart } from "./twoFactor/rekey.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    tokens: TokenService;
    /**
     * The time (ms since the epoch) by which schedules are judged: the public read API's window,
     * the sweep's due transitions, a schedule's "not in the past". Tests move it.
     */
    clock: () => number;
  }
}

export interface BuildAppOptions {
  /** TRUST_PROXY: true, a number of hops, or addresses/CIDRs of the proxies. */
  trustProxy?: boolean | number | string;
  /** Login attempts per minute from one IP, whatever the usernames. */
  loginIpRateLimit?: number;
  /** How long a client may take to send its request (ms). */
  requestTimeoutMs?: number;
  /** Owned by the caller, who closes it after the app (tests share one per file). */
  db: Db;
  jwtSecret: string;
  logger?: boolean | object;
  /** The built console; served only if the folder holds an index.html. */
  staticDir?: string;
  /** Login attempts per minute per IP and username. */
  loginRateLimit?: number;
  /** Content types the documents engine serves; default: every definition file in resources/. */
  resources?: readonly ResourceDefinition[];
  /** Where an older version kept uploaded images on disk; still served (new ones go to the database). */
  uploadsDir?: string;
  /** Requests per minute per IP on the public read API (/api/public/…). */
  publicRateLimit?: number;
  /** The PostgreSQL server's URL: realtime events fan out to every instance through it. */
  databaseUrl?: string;
  /** Origins besides the console's own that may open a realtime connection. */
  allowedOrigins?: readonly string[];
  /** Push notifications (Firebase in production, a fake in tests); without it, none are pushed. */
  push?: PushOptions;
  /** New chat conversations per minute from one address (the website's widget). */
  chatStartLimit?: number;
  /** Messages per minute a website visitor may send in one conversation. */
  chatMessageLimit?: number;
  /** Second factors at sign-in: the key sealing authenticator secrets, and who must use one. */
  twoFactor?: TwoFactorOptions;
  /** The clock schedules follow (default Date.now). */
  clock?: () => number;
  /** How often the schedule sweep runs (ms, default 15 s); 0: only when called (tests). */
  scheduleSweepMs?: number;
  /** How often the reports' rollup runs (ms, default 60 s); 0: only at start and when called (tests). */
  reportRollupMs?: number;
}

export const BODY_LIMIT = 1_048_576;

/**
 * A query string is all text, so its numbers are parsed ("page=2"); a JSON body says what type a
 * value is, so a wrong one is a 400 rather than silently converted (`title: 123` is no title,
 * `tags: "x"` is no list).
 */
function validatorsByPart() {
  const factory = AjvCompiler();
  return (externalSchemas: unknown, options: { customOptions?: Record<string, unknown> } & Record<string, unknown>) => {
    const lenient = factory(externalSchemas as never, options as never);
    const strict = factory(externalSchemas as never, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } } as never);
    return (route: { httpPart?: string } & Record<string, unknown>) =>
      onFirstUse(() => (route.httpPart === "body" ? strict(route as never) : lenient(route as never)) as (...args: unknown[]) => unknown);
  };
}

/** Fastify's own response serializers (fast-json-stringify), each compiled on first use. */
function lazySerializers() {
  const factory = SerializerSelector();
  return (externalSchemas: unknown, options: unknown) => {
    const compile = factory(externalSchemas, options as never);
    return (route: Parameters<typeof compile>[0]) => onFirstUse(() => compile(route));
  };
}

/**
 * A route's validator or serializer, compiled when a request first needs it: compiling every
 * route's schemas at once took about a second of each start. Fastify reads `errors` (and Ajv's
 * `schemaEnv`) off the function, so those come from the compiled one.
 */
function onFirstUse<F extends (...args: any[]) => unknown>(compile: () => F): F {
  let compiled: F | undefined;
  const get = () => (compiled ??= compile());
  const lazy = ((...args: unknown[]) => get()(...args)) as F;
  for (const key of ["errors", "schemaEnv"]) {
    Object.defineProperty(lazy, key, { get: () => (get() as unknown as Record<string, unknown>)[key], configurable: true });
  }
  return lazy;
}

/** Builds the app without listening: index.ts listens, tests call `app.inject()`. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // A client gets this long to send its request; the database's own timeouts bound the answer.
    requestTimeout: opts.requestTimeoutMs ?? 30_000,
    // Behind a proxy or load balancer: which hops to trust for the client's address (rate limits count it).
    trustProxy: (opts.trustProxy ?? false) as boolean,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Report every invalid field at once, so a form can mark them all; refuse unknown fields
    // instead of dropping them; `x-message` carries a field's own message for a failed pattern.
    // Dates and instants by the server's own rule (what PostgreSQL stores), not just their shape.
    ajv: {
      customOptions: { allErrors: true, removeAdditional: false, keywords: ["x-message"], verbose: true },
      onCreate: (ajv: { addFormat(name: string, format: { type: "string"; validate: (text: string) => boolean }): unknown }) => {
        ajv.addFormat("date-time", { type: "string", validate: isDateTime });
        ajv.addFormat("date", { type: "string", validate: isCalendarDate });
      },
    },
    schemaController: { compilersFactory: { buildValidator: validatorsByPart() as never, buildSerializer: lazySerializers() as never } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate("db", opts.db);
  app.decorate("tokens", createTokenService(opts.jwtSecret));
  app.decorate("twoFactor", createTwoFactorContext(opts.jwtSecret, opts.twoFactor));
  rekeyOnStart(app);
  app.decorate("changes", createChanges(app.log));
  app.decorate("clock", opts.clock ?? Date.now);

  const staticRoot = opts.staticDir ? resolve(opts.staticDir) : undefined;
  const indexHtml = staticRoot ? join(staticRoot, "index.html") : undefined;
  const consoleHtml = indexHtml && existsSync(indexHtml) ? readFileSync(indexHtml, "utf8") : undefined;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...(consoleHtml ? inlineScriptSources(consoleHtml) : [])],
        // antd's css-in-js writes <style> elements at run time.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        // Firebase Cloud Messaging registers push tokens with Google's APIs.
        "connect-src": ["'self'", "https://*.googleapis.com"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        // Would break every asset on a plain-http LAN address.
        "upgrade-insecure-requests": null,
      },
    },
  });
  // Counted in PostgreSQL when the server has one (shared by every instance), else in memory;
  // a counter the database cannot reach lets the request through (it then fails on its own, 503).
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(opts.db.kind === "pg" ? { store: postgresRateLimitStore(opts.db) } : {}),
  });
  // Before every route: the OpenAPI document (/api/openapi.json, /api/docs) is generated from the
  // schemas of the routes added after it.
  await registerOpenApi(app);
  const definitions = opts.resources ?? (await loadDefinitions());
  await app.register(errorsPlugin);
  // Messages in the caller's language (Accept-Language), error answers included.
  await app.register(languagePlugin, { definitions, messages: SERVER_MESSAGES });
  await app.register(inputPlugin);
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(readinessRoutes);
  await app.register(authRoutes, { loginRateLimit: opts.loginRateLimit ?? 20, loginIpRateLimit: opts.loginIpRateLimit ?? 60 });
  await app.register(verifyRoutes);
  await app.register(listColumnsRoutes);
  await app.register(centerRoutes);
  await app.register(permissionRoutes);
  await app.register(pushRoutes);
  await registerRealtime(app, { definitions, databaseUrl: opts.databaseUrl, allowedOrigins: opts.allowedOrigins });
  await app.register(notifications, { push: opts.push });
  await app.register(chats, { jwtSecret: opts.jwtSecret, definitions, startLimit: opts.chatStartLimit, messageLimit: opts.chatMessageLimit });
  await app.register(documentRoutes, { definitions });
  await app.register(exportRoutes, { definitions });
  await app.register(activityRoutes, { definitions });
  await app.register(historyRoutes, { definitions });
  await app.register(approvalRoutes, { definitions });
  await app.register(publicRoutes, { definitions, rateLimit: opts.publicRateLimit ?? 300 });
  // Scheduled go-lives and take-downs: their side effects, once each (after the realtime and
  // notification listeners it feeds).
  await app.register(schedulePlugin, { definitions, everyMs: opts.scheduleSweepMs });
  await app.register(calendarRoutes, { definitions });
  // Reports: the facts the chats and approvals write, rolled up per center-local day.
  await app.register(reportsPlugin, { everyMs: opts.reportRollupMs });
  await app.register(reportRoutes, { definitions });
  await app.register(dashboardRoutes, { definitions });
  await app.register(uploadRoutes, { legacyDir: opts.uploadsDir });
  await app.register(widgetRoutes, { root: opts.staticDir });
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(twoFactorAccountRoutes);
  await app.register(twoFactorResetRoute);

  if (staticRoot && consoleHtml !== undefined) {
    await app.register(staticPlugin, { root: staticRoot });
  } else {
    app.setNotFoundHandler(notFoundHandler);
  }

  return app;
}
