import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export type Preloadable<T extends ComponentType<any>> = LazyExoticComponent<T> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded screen whose code can be fetched before it renders. Both ask the one import,
 * so preloading and rendering never fetch twice.
 */
export function preloadable<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): Preloadable<T> {
  let loading: Promise<{ default: T }> | undefined;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed download (offline) may be tried again.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}
