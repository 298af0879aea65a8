// What the hand-written resources (users, roles) share with the generic engine's API shape.
import { Type, type TSchema } from "typebox";

export const STALE_MESSAGE = "Someone else saved this record since you opened it";
export const CANNOT_GRANT = "You cannot grant a role with permissions you do not hold";

/** The 409 of a stale save carries the record as it is now, so the form can show it. */
export function conflictResponse<T extends TSchema>(doc: T) {
  return Type.Object({
    statusCode: Type.Integer(),
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.String())),
    data: Type.Optional(Type.Object({ current: doc })),
  });
}

/** Marks a stale save inside a transaction, which then writes nothing; the route answers 409. */
export class Stale<T> {
  constructor(public current: T) {}
}

export const staleBody = <T>(current: T) => ({ statusCode: 409, message: STALE_MESSAGE, data: { current } });

export function paginated<T>(docs: T[], total: number, page: number, limit: number) {
  return { docs, totalDocs: total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** `ids=1,2,3` (the schema has checked the digits); ids beyond int4 cannot exist. */
export const parseIds = (ids: string | undefined) =>
  ids === undefined
    ? undefined
    : ids
        .split(",")
        .map(Number)
        .filter((id) => id <= 2_147_483_647);

/** The common list parameters, as `listQuerySchema` validates them. */
export interface ListQuery {
  page: number;
  limit: number;
  sort?: string;
  q?: string;
  ids?: string;
}

/** A unique index refused the write (two saves raced past the check). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === "23505";

/**
 * A form may send back what it read: fields the server computes (not in the definition, so the
 * body schema would refuse them) are dropped before validation. `items` names such fields inside
 * an array field's objects.
 */
export function dropReadOnly(fields: string[], items: Record<string, string[]> = {}) {
  return async function dropReadOnlyFields(request: { body: unknown }) {
    const body = request.body;
    if (!body || typeof body !== "object" || Array.isArray(body)) return;
    const record = body as Record<string, unknown>;
    for (const field of fields) delete record[field];
    for (const [field, names] of Object.entries(items)) {
      const list = record[field];
      if (!Array.isArray(list)) continue;
      for (const item of list) {
        if (item && typeof item === "object") for (const name of names) delete (item as Record<string, unknown>)[name];
      }
    }
  };
}
