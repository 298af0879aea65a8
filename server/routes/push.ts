import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { forbidden } from "../plugins/errors.js";
import { errorResponses, Id, ok } from "../http/schemas.js";
import { registerToken, unregisterToken } from "../push/tokens.js";

const FcmToken = Type.String({ minLength: 1, maxLength: 4096 });

const RegisterBody = Type.Object({
  fcm_token: FcmToken,
  user_id: Id,
});

const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The console posts to `/_firebase/register/`; the app ignores trailing slashes, so both work.
  app.post(
    "/_firebase/register",
    {
      schema: { body: RegisterBody, response: { 200: ok(Type.Object({ user_id: Type.Integer() })), ...errorResponses } },
    },
    async (request) => {
      const { fcm_token, user_id } = request.body;
      if (user_id !== request.user.id) throw forbidden("You can only register push tokens for yourself");
      // Kept with the session registering it: signing out removes it (POST /api/auth/logout).
      await registerToken(app.db, user_id, fcm_token, request.user.sessionId);
      return { statusCode: 200 as const, message: "Push token registered", data: { user_id } };
    },
  );

  app.delete(
    "/_firebase/register",
    {
      // No message: the console would toast it, and turning push off needs none.
      schema: {
        summary: "Stop pushing to one of the caller's browsers",
        body: Type.Object({ fcm_token: FcmToken }),
        response: { 200: Type.Object({ statusCode: Type.Literal(200), data: Type.Object({ removed: Type.Integer() }) }), ...errorResponses },
      },
    },
    async (request) => {
      const removed = await unregisterToken(app.db, request.user.id, request.body.fcm_token);
      return { statusCode: 200 as const, data: { removed } };
    },
  );
};

export default pushRoutes;
