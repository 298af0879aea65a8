import type { FastifyPluginAsync } from "fastify";
import type { ResourceDefinition } from "../../resources/types.js";

const historyRoutes: FastifyPluginAsync<{ definitions: readonly ResourceDefinition[] }> = async () => {};
export default historyRoutes;
