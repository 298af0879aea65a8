import type { FastifyPluginAsync } from "fastify";
import type { ResourceDefinition } from "../../resources/types.js";

const approvalRoutes: FastifyPluginAsync<{ definitions: readonly ResourceDefinition[] }> = async () => {};
export default approvalRoutes;
