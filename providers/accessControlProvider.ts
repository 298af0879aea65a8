import type { AccessControlProvider } from "@refinedev/core";
import type { ResourceDefinition } from "../resources/types";
import { requirementFor } from "./canAccess";
import { HttpError } from "./http";
import type { Loader } from "./loader";
import { isSuperadmin, session } from "./session";

export type CachedAccessControl = AccessControlProvider & { clearCache: () => void };

/** Asks the server (`___pc`) and remembers each answer per user, center, key and mode. */
export function createAccessControlProvider(
  load: Loader,
  registry: readonly ResourceDefinition[],
): CachedAccessControl {
  const cache = new Map<string, Promise<boolean>>();

  async function ask(key: string, mode: string): Promise<boolean> {
    try {
      await load({ method: "GET", url: "/api/a/verify/___pc", params: { key, mode } });
      return true;
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 401)) return false;
      throw error;
    }
  }

  return {
    async can({ resource, action, params }) {
      const requirement = requirementFor(registry, { resource, action, params });
      if (requirement === "open") return { can: true };
      if (requirement === "deny") return { can: false, reason: "Unknown resource or action" };
      const user = session.getUser();
      if (!user) return { can: false };
      const definition = registry.find((r) => r.name === resource);
      if (definition?.superadminModes?.includes(requirement.mode) && !isSuperadmin(user)) return { can: false, reason: "Superadmins only" };
      const cacheKey = [user.id, session.getCenter()?.code ?? "", requirement.key, requirement.mode].join("|");
      // The route gate asks afresh (`fresh`), so a changed role shows on the next page opened;
      // buttons reuse the answer.
      let answer = params?.fresh ? undefined : cache.get(cacheKey);
      if (!answer) {
        answer = ask(requirement.key, requirement.mode);
        cache.set(cacheKey, answer);
        // A failure that is not a denial (network) must not stick.
        answer.catch(() => cache.delete(cacheKey));
      }
      return { can: await answer };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
    clearCache: () => cache.clear(),
  };
}
