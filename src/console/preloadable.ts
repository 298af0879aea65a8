import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { once } from "../lib/once";

export type Preloadable<T extends ComponentType<any>> = LazyExoticComponent<T> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded screen whose code can be fetched before it renders. Both ask the one import,
 * so preloading and rendering never fetch twice; a failed download (offline) may be tried again.
 */
export function preloadable<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): Preloadable<T> {
  const module = once(load);
  return Object.assign(lazy(module), { preload: module });
}
