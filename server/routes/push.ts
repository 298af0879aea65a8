import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { forbidden } from "../plugins/errors.js";
import { errorResponses, Id, ok } from "../http/schemas.js";

const RegisterBody = Type.Object({
  fcm_token: Type.String({ minLength: 1, maxLength: 4096 }),
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
      // A browser re-registers the same token on every visit: refresh it instead of failing.
      await app.db.query(
        `INSERT INTO push_tokens (user_id, fcm_token) VALUES ($1, $2)
         ON CONFLICT (user_id, token_md5) DO UPDATE SET updated_at = now()`,
        [user_id, fcm_token],
      );
      return { statusCode: 200 as const, message: "Push token registered", data: { user_id } };
    },
  );
};

export default pushRoutes;
