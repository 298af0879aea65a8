import approvals from "./approvals";
import careers from "./careers";
import centerInformations from "./centerInformations";
import centerLinks from "./centerLinks";
import posts from "./posts";
import roles from "./roles";
import users from "./users";
import type { ResourceDefinition } from "./types";

export * from "./types";

/** Every content type and administration resource of the console. */
export const registry: readonly ResourceDefinition[] = [
  posts,
  careers,
  approvals,
  centerInformations,
  centerLinks,
  users,
  roles,
];

export const resourceByName = (name: string | undefined) =>
  name ? registry.find((r) => r.name === name) : undefined;
