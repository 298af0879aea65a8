import { Type, type TSchema } from "typebox";

/** Every error answer: `errors` maps a field to what is wrong with it; `code` says what to do (ERROR_CODES). */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  code: Type.Optional(Type.String()),
});

export const errorResponses = { "4xx": ErrorBody, "5xx": ErrorBody } as const;

export const Message = Type.Object({ statusCode: Type.Literal(200), message: Type.String() });

export function ok<T extends TSchema>(data: T) {
  return Type.Object({ statusCode: Type.Literal(200), message: Type.Optional(Type.String()), data });
}

/** The paginated list envelope the console's data provider reads (`data.docs`, `data.totalDocs`). */
export function list<T extends TSchema>(doc: T) {
  return ok(
    Type.Object({
      docs: Type.Array(doc),
      totalDocs: Type.Integer(),
      page: Type.Integer(),
      limit: Type.Integer(),
      totalPages: Type.Integer(),
    }),
  );
}

/** These lists are short and unpaginated: one page holding everything. */
export function onePage<T>(docs: T[]) {
  return { docs, totalDocs: docs.length, page: 1, limit: docs.length, totalPages: 1 };
}

/** A path id: bounded to int4 so PostgreSQL never sees an out-of-range value. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const WirePermission = Type.Object({
  set: Type.Object({ permission_key: Type.String() }),
  allow_read: Type.Integer(),
  allow_create: Type.Integer(),
  allow_update: Type.Integer(),
  allow_delete: Type.Integer(),
});

export const RoleRef = Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String() });
