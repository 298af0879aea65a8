import careers from "./careers";
import centerInformations from "./centerInformations";
import centerLinks from "./centerLinks";
import posts from "./posts";
import roles from "./roles";
import users from "./users";
import type { ResourceDefinition } from "./types";

export * from "./types";

/** Every content type and administration resource: adding one is adding a file and a line here. */
export const registry: readonly ResourceDefinition[] = [posts, careers, centerInformations, centerLinks, users, roles];

export const resourceByName = (name: string | undefined, list: readonly ResourceDefinition[] = registry) =>
  name ? list.find((r) => r.name === name) : undefined;
