// Answers in the caller's language: the console sends `Accept-Language` with every call. The
// routes and the error handler write English; this hook translates an answer's `message`, its
// field messages (`errors`) and a bulk answer's per-item messages (`data.failed[].message`) just
// before serialisation. The error handler's answers pass through it too (Fastify runs
// preSerialization for any object sent). Streams, strings and buffers (CSV export, static files,
// widget assets) never reach it, socket.io is not a Fastify route, and bodies that are not the
// `{ statusCode, message }` envelope are passed on untouched.
import type { FastifyReply } from "fastify";
import rolesDef from "../../resources/roles.js";
import type { ResourceDefinition } from "../../resources/types.js";
import usersDef from "../../resources/users.js";
import { createTranslator, definitionWords, requestLanguage, type Messages } from "../http/language.js";
import { globalPlugin } from "../lib/plugin.js";

export interface LanguageOptions extends Record<string, unknown> {
  /** The documents engine's definitions, for their labels and messages (users and roles are added here). */
  definitions?: readonly ResourceDefinition[];
  /** The features' messages in both languages (server/messages.ts). */
  messages: readonly Messages[];
}

interface Envelope {
  statusCode: number;
  message?: unknown;
  errors?: unknown;
  data?: unknown;
}

const isEnvelope = (payload: unknown): payload is Envelope =>
  typeof payload === "object" &&
  payload !== null &&
  typeof (payload as Envelope).statusCode === "number" &&
  (typeof (payload as Envelope).message === "string" || typeof (payload as Envelope).errors === "object");

/** The answer depends on Accept-Language: caches must keep one per language. */
function varyOnLanguage(reply: FastifyReply): void {
  const vary = reply.getHeader("vary");
  if (vary === undefined) reply.header("vary", "Accept-Language");
  else if (!/(^|,)\s*(accept-language|\*)\s*(,|$)/i.test(String(vary))) reply.header("vary", `${String(vary)}, Accept-Language`);
}

/** A copy of the body with its messages translated (bodies may be shared objects: never changed in place). */
export function translateBody<T extends Envelope>(body: T, translate: (text: string) => string): T {
  const out: Envelope = { ...body };
  if (typeof body.message === "string") out.message = translate(body.message);
  if (body.errors && typeof body.errors === "object") {
    out.errors = Object.fromEntries(
      Object.entries(body.errors as Record<string, unknown>).map(([field, text]) => [field, typeof text === "string" ? translate(text) : text]),
    );
  }
  // POST /api/approvals/bulk: each refused item's message (field messages joined by "; ").
  const failed = (body.data as { failed?: unknown } | undefined)?.failed;
  if (Array.isArray(failed)) {
    out.data = {
      ...(body.data as object),
      failed: failed.map((item: { message?: unknown }) =>
        typeof item?.message === "string" ? { ...item, message: item.message.split("; ").map(translate).join("; ") } : item,
      ),
    };
  }
  return out as T;
}

export default globalPlugin<LanguageOptions>("language", async (app, opts) => {
  // Users and roles have hand-written routes (not the documents engine), which import their definitions.
  const words = definitionWords([...(opts.definitions ?? []), usersDef, rolesDef]);
  const { translate } = createTranslator(opts.messages);
  app.addHook("preSerialization", (request, reply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
    if (!isEnvelope(payload)) return done(null, payload);
    varyOnLanguage(reply);
    const language = requestLanguage(request.headers["accept-language"]);
    if (language === "en") return done(null, payload);
    done(
      null,
      translateBody(payload, (text) => translate(text, language, words)),
    );
  });
});
