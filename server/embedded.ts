// What the server bundle carries with it. Run from source (tests, `npm run dev`, e2e) this is
// empty and the server reads resources/ and server/db/migrations/ from disk; the bundle that
// `npm start` builds (scripts/build-server.mjs) replaces this file with the definitions and the
// migrations as they were at build time, so the start transpiles and reads nothing.
import type { ResourceDefinition } from "../resources/types.js";

export interface EmbeddedDefinitions {
  /** resources/ beside the bundle, to check that it still holds what was bundled. */
  dir: string;
  /** Hash of the names and contents of resources/*.ts at build time (see definitionsHash). */
  hash: string;
  /** Every definition file's default export, by file name. */
  modules: { file: string; definition: ResourceDefinition | undefined }[];
}

export interface Embedded {
  definitions?: EmbeddedDefinitions;
  migrations?: { version: number; name: string; sql: string }[];
}

export const embedded: Embedded = {};
