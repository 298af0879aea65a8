// A superadmin resets a user's second factor when it is lost (a new phone, no recovery codes
// left): the user's authenticator, recovery codes and passkeys go, every session of theirs ends,
// the activity log records it and the user is told. Nobody else may: not the user themselves
// (their own page turns it off, with a code), not a center's manager, since whoever can remove a
// second factor can sign in with the password alone.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { writeAudit } from "../db/audit.js";
import { endUserSessions } from "../db/sessions.js";
import { errorResponses, Id, ok } from "../http/schemas.js";
import { conflict, forbidden, notFound } from "../plugins/errors.js";
import { getUser } from "../users/repository.js";
import { MESSAGES } from "../users/rules.js";
import { UserDocSchema } from "../users/routes.js";
import { removeSecondFactors } from "./accountRoutes.js";

export const SUPERADMINS_RESET = "Only a superadmin can reset a user's two-factor sign-in";
export const NOT_YOURS_TO_RESET = "Another superadmin must reset your own two-factor sign-in";
export const NOTHING_TO_RESET = "This user has not set up two-factor sign-in";

/** Where the notification leads: the user's own two-factor page. */
export const TWO_FACTOR_PAGE = "/app/two-factor";

const resetRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/api/users/:id/two-factor/reset",
    {
      schema: {
        summary: "Resets a user's second factor (superadmins): it signs them out everywhere; their password stays",
        params: Type.Object({ id: Id }),
        response: { 200: ok(UserDocSchema), ...errorResponses },
      },
    },
    async (request) => {
      if (!request.user.isSuperadmin) throw forbidden(SUPERADMINS_RESET);
      const id = request.params.id;
      if (id === request.user.id) throw forbidden(NOT_YOURS_TO_RESET);
      const user = await app.db.transaction(async (tx) => {
        const current = await getUser(tx, id, true);
        if (!current) throw notFound(MESSAGES.notFound);
        if ((await removeSecondFactors(tx, id)) === 0) throw conflict(NOTHING_TO_RESET);
        // A token or a waiting sign-in of the old second factor stops working at once.
        await tx.query("UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = $1", [id]);
        const ended = await endUserSessions(tx, id);
        await writeAudit(tx, {
          actorId: request.user.id,
          sessionId: request.user.sessionId,
          action: "two_factor_reset",
          entity: "users",
          entityId: id,
          detail: { sessions_ended: ended },
        });
        return (await getUser(tx, id))!;
      });
      app.changes.publish("access", { userId: id });
      const actor = { id: request.user.id, name: request.user.fullname };
      void app.notifications.send([
        {
          userId: id,
          kind: "security",
          title: "Your two-factor sign-in was reset",
          body: `${actor.name} reset it and signed you out everywhere. Set it up again from Two-factor sign-in.`,
          id: {
            title: "Verifikasi dua langkah Anda diatur ulang",
            body: `${actor.name} mengatur ulang dan mengeluarkan Anda dari semua perangkat. Atur lagi dari Verifikasi dua langkah.`,
          },
          link: TWO_FACTOR_PAGE,
          resource: null,
          recordId: null,
          centerCode: null,
          actor,
        },
      ]);
      return { statusCode: 200 as const, message: "Two-factor sign-in reset", data: user };
    },
  );
};

export default resetRoute;
