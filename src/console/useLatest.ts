import { useEffect, useRef } from "react";

/**
 * A ref to the latest value, for a callback an effect or listener registered once calls later:
 * the callback need not be stable, and the effect does not run again when it changes. Read it in
 * effects and handlers only (it is brought up to date after each render).
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
