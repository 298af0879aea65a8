// Whether the API is reachable: any 503 or failed connection marks it down, any answer marks it up
// again. The console shows one calm banner from this instead of an error per failed call.
export interface Availability {
  down(): void;
  up(): void;
  isDown(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createAvailability(): Availability {
  let down = false;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (down === value) return;
    down = value;
    for (const listener of listeners) listener();
  };
  return {
    down: () => set(true),
    up: () => set(false),
    isDown: () => down,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
