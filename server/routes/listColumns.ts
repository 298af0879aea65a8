// The columns a user hid in the console's lists, remembered for the account: the console reads
// them once per sign-in and writes each change, so every browser the user signs in on shows the
// same columns.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { errorResponses, ok } from "../http/schemas.js";
import { badRequest } from "../plugins/errors.js";

/** A list's key in the console: its type's name ("posts") or its view's path ("/app/events/life-club"). */
const ListPath = Type.String({ minLength: 1, maxLength: 200, pattern: "^/?[a-z0-9_-]+(/[a-z0-9_-]+)*$" });
/** A column's key: a field name or one of the list's own columns (state, updated_at). */
const ColumnKey = Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_.-]+$" });

export const ListColumnsBody = Type.Object({
  list: ListPath,
  hidden: Type.Array(ColumnKey, { maxItems: 50, uniqueItems: true }),
});
export const ListColumnsData = Type.Record(Type.String(), Type.Array(Type.String()));

/** More lists than the console has, by far: a client writing made-up paths stops here. */
export const MAX_LISTS = 200;
export const TOO_MANY_LISTS = "is over the number of lists an account remembers";

const listColumnsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api/auth/list-columns",
    { schema: { summary: "The columns the signed-in user hid, per list", response: { 200: ok(ListColumnsData), ...errorResponses } } },
    async (request) => {
      const { rows } = await app.db.query<{ list: string; hidden: string[] }>("SELECT list, hidden FROM user_list_columns WHERE user_id = $1", [
        request.user.id,
      ]);
      return { statusCode: 200 as const, data: Object.fromEntries(rows.map((r) => [r.list, r.hidden])) };
    },
  );

  app.put(
    "/api/auth/list-columns",
    {
      schema: {
        summary: "Remember the columns the signed-in user hid in one list (none: forget the list)",
        body: ListColumnsBody,
        response: { 200: ok(ListColumnsBody), ...errorResponses },
      },
    },
    async (request) => {
      const { list, hidden } = request.body;
      const userId = request.user.id;
      if (hidden.length === 0) {
        await app.db.query("DELETE FROM user_list_columns WHERE user_id = $1 AND list = $2", [userId, list]);
      } else {
        // One statement: the cap and the write see the same rows, whatever runs beside it.
        const { rows } = await app.db.query(
          `INSERT INTO user_list_columns (user_id, list, hidden)
           SELECT $1, $2, $3::jsonb
           WHERE EXISTS (SELECT 1 FROM user_list_columns WHERE user_id = $1 AND list = $2)
              OR (SELECT count(*) FROM user_list_columns WHERE user_id = $1) < $4
           ON CONFLICT (user_id, list) DO UPDATE SET hidden = EXCLUDED.hidden, updated_at = now()
           RETURNING list`,
          [userId, list, JSON.stringify(hidden), MAX_LISTS],
        );
        if (rows.length === 0) throw badRequest({ list: TOO_MANY_LISTS });
      }
      // No message: the console would show it as a toast.
      return { statusCode: 200 as const, data: { list, hidden } };
    },
  );
};

export default listColumnsRoutes;
