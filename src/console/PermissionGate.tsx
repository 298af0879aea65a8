import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useCan } from "@refinedev/core";
import type { PermissionKey } from "../../resources/types";
import { t } from "../../providers/i18n";
import { DeferredMount } from "./layout/DeferredMount";
import { PageSkeleton } from "./layout/PageSkeleton";
import { Spinner } from "./layout/Placeholders";

const Denied = lazy(() => import("./Denied"));

/** Spec §9: the gate's 'Checking Permission' stays for 750 ms. */
export const GATE_MS = 750;

/**
 * Asks the server for read access to the route's key (or to either of two keys), then shows the
 * page or the denial.
 */
export function PermissionGate({ permissionKey, orKey, children }: { permissionKey: PermissionKey | null; orKey?: PermissionKey; children: ReactNode }) {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), GATE_MS);
    return () => clearTimeout(timer);
  }, []);

  const first = useCan({
    action: "list",
    params: { permissionKey, fresh: true },
    queryOptions: { staleTime: 0, gcTime: 0 },
  });
  const second = useCan({
    action: "list",
    params: { permissionKey: orKey ?? null, fresh: true },
    queryOptions: { staleTime: 0, gcTime: 0, enabled: orKey !== undefined },
  });
  const either = orKey !== undefined;
  const can = !!first.data?.can || (either && !!second.data?.can);
  // With two keys, one that allows is enough: the page need not wait for (or fail on) the other.
  const isLoading = can ? false : first.isLoading || (either && second.isLoading);
  const isError = !can && (first.isError || (either && second.isError));
  const data = { can };

  // The page's outline below the gate's words, so the page takes its place instead of appearing after blank space.
  const checking = (
    <>
      <div className="gate" role="status" aria-live="polite">
        <Spinner />
        <span>{t("gate.checking")}</span>
      </div>
      <PageSkeleton announce={false} />
    </>
  );
  if (waited && !isLoading && (isError || !data?.can)) {
    return (
      <Suspense fallback={null}>
        <Denied />
      </Suspense>
    );
  }
  // The page mounts in slices; the gate's words stay the moment that takes.
  return (
    <DeferredMount when={waited && !isLoading} fallback={checking}>
      {children}
    </DeferredMount>
  );
}
