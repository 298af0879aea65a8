import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync, RawServerDefault } from "fastify";

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its decorators, hooks and
 * handlers apply to the whole app. Fastify documents the `skip-override` symbol for this.
 */
export function globalPlugin<O extends Record<string, unknown>>(
  name: string,
  fn: FastifyPluginAsync<O, RawServerDefault, TypeBoxTypeProvider>,
): FastifyPluginAsync<O, RawServerDefault, TypeBoxTypeProvider> {
  const plugin = fn as typeof fn & Record<symbol, unknown>;
  plugin[Symbol.for("skip-override")] = true;
  plugin[Symbol.for("fastify.display-name")] = name;
  return plugin;
}
