import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { allows, toWire } from "../lib/permissions.js";
import { NO_PERMISSION } from "../plugins/auth.js";
import { forbidden } from "../plugins/errors.js";
import { errorResponses, Message, ok, WirePermission } from "../http/schemas.js";
import { usableZone } from "../schedule/zones.js";

export const SessionData = Type.Object({
  permissions: Type.Array(WirePermission),
  user: Type.Object({ id: Type.Integer(), fullname: Type.String(), user_type: Type.String() }),
  center: Type.Union([
    Type.Object({ center_code: Type.String(), center_web_name: Type.String(), role_name: Type.String(), time_zone: Type.String() }),
    Type.Null(),
  ]),
});

// Plain strings, checked in the handler: an unknown key or mode is a denial (403), not a bad request.
const CheckQuery = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100 }),
  mode: Type.String({ minLength: 1, maxLength: 20 }),
});

const verifyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get("/api/a/verify/___ca", { schema: { response: { 200: ok(SessionData), ...errorResponses } } }, async (request) => {
    const { user, center } = request;
    return {
      statusCode: 200 as const,
      data: {
        permissions: request.permissions.map(toWire),
        user: { id: user.id, fullname: user.fullname, user_type: user.user_type },
        center: center && {
          center_code: center.center_code,
          center_web_name: center.center_web_name,
          role_name: center.role_name,
          time_zone: usableZone(center.time_zone),
        },
      },
    };
  });

  app.get("/api/a/verify/___pc", { schema: { querystring: CheckQuery, response: { 200: Message, ...errorResponses } } }, async (request) => {
    if (!allows(request.permissions, request.query.key, request.query.mode)) throw forbidden(NO_PERMISSION);
    return { statusCode: 200 as const, message: "Allowed" };
  });
};

export default verifyRoutes;
