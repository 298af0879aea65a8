import { useDeferredValue, type ReactNode } from "react";

/**
 * Mounts its children in a deferred render, which React draws in short slices, instead of in the
 * urgent update that revealed them (an answer arriving, the gate's timer): the shell or a whole
 * screen mounted in one go blocks a phone for a tenth of a second. Until then, and while `when`
 * is false, `fallback`.
 */
export function DeferredMount({ children, fallback = null, when = true }: { children: ReactNode; fallback?: ReactNode; when?: boolean }) {
  const shown = useDeferredValue(when, false);
  return <>{shown && when ? children : fallback}</>;
}
