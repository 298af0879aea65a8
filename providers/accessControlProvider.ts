import type { AccessControlProvider } from "@refinedev/core";
import type { PermissionEntry } from "../protocol/api";
import type { ResourceDefinition } from "../resources/types";
import { once } from "../src/lib/once";
import { allowedByMatrix, requirementFor } from "./canAccess";
import { HttpError } from "./http";
import type { Loader } from "./loader";
import { isSuperadmin, session } from "./session";

export type CachedAccessControl = AccessControlProvider & { clearCache: () => void };

/**
 * The route gate asks the server (`___pc`, spec §2) afresh. Buttons are answered from the
 * session's permission matrix (`___ca`, which the session already holds) when `matrix` is given,
 * so a list makes no probe per button; otherwise they ask `___pc` too. Answers are remembered per
 * user, center, key and mode. `registry` loads the definitions, read on the first question: the
 * entry screens carry none of them.
 */
export function createAccessControlProvider(
  load: Loader,
  registry: () => Promise<readonly ResourceDefinition[]>,
  matrix?: () => Promise<readonly PermissionEntry[]>,
): CachedAccessControl {
  const cache = new Map<string, Promise<boolean>>();
  // Loaded with the first question; a failed load is asked again by the next one.
  const resources = once(registry);

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
      const registry = await resources();
      const requirement = requirementFor(registry, { resource, action, params });
      if (requirement === "open") return { can: true };
      if (requirement === "deny") return { can: false, reason: "Unknown resource or action" };
      const user = session.getUser();
      if (!user) return { can: false };
      const definition = registry.find((r) => r.name === resource);
      if (definition?.superadminModes?.includes(requirement.mode) && !isSuperadmin(user)) return { can: false, reason: "Superadmins only" };
      if (definition?.noSelfDelete && requirement.mode === "delete" && params?.id !== undefined && String(params.id) === String(user.id)) {
        return { can: false, reason: "Not your own account" };
      }
      const cacheKey = [user.id, session.getCenter()?.code ?? "", requirement.key, requirement.mode].join("|");
      // The route gate asks afresh (`fresh`), so a changed role shows on the next page opened;
      // buttons reuse the answer.
      let answer = params?.fresh ? undefined : cache.get(cacheKey);
      if (!answer) {
        const { key, mode } = requirement;
        answer = matrix && !params?.fresh ? matrix().then((entries) => allowedByMatrix(entries, key, mode)) : ask(key, mode);
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
