import { build, type Plugin, type Rollup } from "vite";
import { chunkHolding, reach } from "./chunkGraph";

type OutputChunk = Rollup.OutputChunk;

/**
 * A chunk of less code than this (in characters, before compression: about 2 KB gzip) is not
 * worth a round trip of its own on a phone.
 */
export const SMALL_CHUNK = 6_000;

/** Set while the planning build runs, so that build chunks as Vite does by default. */
const PLANNING = "SCREEN_CHUNKS_PLANNING";

/**
 * Chunks by screen instead of by shared module. Left to itself, the bundler splits what a console
 * screen needs into a few dozen chunks (each set of modules that some lazy screens share becomes
 * one), and on a phone's connection every chunk costs a round trip on one of HTTP/1.1's six
 * connections before its bytes start: a list needed 47 scripts before its first row.
 *
 * A planning build first chunks as Vite does by default (`plan` says what is merged). The real
 * build then gives the bundler each merged set as a group: a screen loads the modules it loaded
 * before, in fewer files, and no screen loads a module it did not load before.
 *
 * `groups` maps a chunk name to its roots (module paths relative to the project, as in
 * `src/console/Console.tsx`), in order: a module goes to the first group that takes it.
 */
export function screenChunks(groups: Record<string, string[]>, { small = SMALL_CHUNK }: { small?: number } = {}): Plugin {
  return {
    name: "screen-chunks",
    apply: "build",
    async config(config, env) {
      if (process.env[PLANNING]) return;
      process.env[PLANNING] = "1";
      let output: Rollup.RollupOutput | Rollup.RollupOutput[];
      try {
        output = (await build({ root: config.root, mode: env.mode, logLevel: "silent", build: { write: false } })) as Rollup.RollupOutput;
      } finally {
        delete process.env[PLANNING];
      }
      const chunks = (Array.isArray(output) ? output[0]! : output).output.filter((c: Rollup.OutputChunk | Rollup.OutputAsset): c is OutputChunk => c.type === "chunk");
      const owner = plan(chunks, groups, small);
      return { build: { rollupOptions: { output: { codeSplitting: { groups: [{ name: (id: string) => owner.get(id) ?? null, includeDependenciesRecursively: false }] } } } } };
    },
  };
}

/** The bucket of a group's small chunks that other screens need too (no screen's file name has a space at its start). */
const COMMON = " common";

/**
 * Which group each module goes to. A group looks at the chunks its roots need (their own and
 * those they import statically) that the entry and the groups before have not taken. The screens
 * that load the roots anyway are the roots, the screens that import them all statically, and the
 * screens only the roots open (no import() path from the entry reaches them around the roots).
 * The chunks that no other screen needs become the group's chunk; the others are merged by the
 * set of other screens that need them (each of those screens needs every chunk of its set); a
 * chunk alone in its set stays as it was. Small chunks (under `small` characters of code) that
 * other screens need too go into one `<group>-common` chunk instead, unless their imports lead
 * back to it (`withoutCycles`): a screen outside that needs one of them loads a few KB it does
 * not use rather than the group loading each in a request.
 */
export function plan(chunks: readonly OutputChunk[], groups: Record<string, string[]>, small = 0): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOf = (root: string) => chunkHolding(chunks, root, "screen-chunks");
  // Which screens (the entry, and every chunk loaded by import()) need each chunk.
  const screens = chunks.filter((c) => c.isEntry || c.isDynamicEntry).map((c) => c.fileName);
  const needers = new Map<string, Set<string>>();
  for (const screen of screens) {
    for (const file of reach(byFile, screen)) {
      if (!needers.has(file)) needers.set(file, new Set());
      needers.get(file)!.add(screen);
    }
  }
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error("screen-chunks: the build has no entry chunk");
  // The entry's own chunks stay as they are, and are not a way into the screens it opens itself.
  const entryFiles = reach(byFile, entry.fileName);
  const taken = new Set(entryFiles);
  const owner = new Map<string, string>();
  // The chunk each planned chunk ends in, for the groups done so far (unlisted: stays as it is).
  const fileOwner = new Map<string, string>();
  for (const [name, roots] of Object.entries(groups)) {
    const rootFiles = roots.map((root) => chunkOf(root).fileName);
    // Screens that only the roots open (none can be reached from the entry around them), and
    // screens that import every root: all of them load the group's chunk anyway.
    const around = reach(byFile, entry.fileName, true, new Set(rootFiles));
    const after = new Set(rootFiles.flatMap((root) => [...reach(byFile, root, true)]).filter((file) => !around.has(file)));
    const allowed = new Set(screens.filter((screen) => after.has(screen) || rootFiles.every((root) => needers.get(root)?.has(screen))));
    // Chunks are merged when the same screens outside the group need them: the group's own
    // (none outside) into its chunk, the rest by the screens that also need them, so a screen
    // outside loads no module it did not load before.
    const outsideOf = new Map<string, string>();
    for (const root of rootFiles) {
      for (const file of reach(byFile, root)) {
        if (taken.has(file)) continue;
        taken.add(file);
        outsideOf.set(file, [...(needers.get(file) ?? [])].filter((screen) => !allowed.has(screen)).sort().join(" "));
      }
    }
    const candidates = new Set([...outsideOf].filter(([file, outside]) => outside !== "" && small > 0 && byFile.get(file)!.code.length < small).map(([file]) => file));
    const bucketsWith = (common: Set<string>) => {
      const buckets = new Map<string, string[]>();
      for (const [file, outside] of outsideOf) {
        const bucket = common.has(file) ? COMMON : outside;
        buckets.set(bucket, [...(buckets.get(bucket) ?? []), file]);
      }
      let shared = 0;
      const names = new Map<string, string>();
      for (const [outside, files] of buckets) {
        if (outside !== "" && files.length < 2) continue;
        const chunkName = outside === "" ? name : outside === COMMON ? `${name}-common` : `${name}-shared${++shared}`;
        for (const file of files) names.set(file, chunkName);
      }
      return names;
    };
    const names = withoutCycles(byFile, candidates, (common) => new Map([...fileOwner, ...bucketsWith(common)]), `${name}-common`);
    for (const [file, chunkName] of names) {
      fileOwner.set(file, chunkName);
      for (const id of byFile.get(file)!.moduleIds) owner.set(id, chunkName);
    }
  }
  return owner;
}

/**
 * The chunks as `assign` merges them, with as many of `candidates` in the common chunk as can be
 * there without a cycle between chunks (one that runs a chunk before what it needs from the other
 * is there): a candidate whose imports lead back to the common chunk stays out.
 */
function withoutCycles(byFile: Map<string, OutputChunk>, candidates: Set<string>, assign: (common: Set<string>) => Map<string, string>, commonName: string): Map<string, string> {
  const common = new Set(candidates);
  for (;;) {
    const names = assign(common);
    const chunkOf = (file: string) => names.get(file) ?? file;
    const edges = new Map<string, Set<string>>();
    for (const [file, chunk] of byFile) {
      const from = chunkOf(file);
      for (const imported of chunk.imports) {
        const to = chunkOf(imported);
        if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const leadsBack = (start: string) => {
      const seen = new Set<string>();
      const queue = [start];
      while (queue.length) {
        const at = queue.pop()!;
        if (at === commonName) return true;
        if (seen.has(at)) continue;
        seen.add(at);
        queue.push(...(edges.get(at) ?? []));
      }
      return false;
    };
    const back = [...common].filter((file) => names.get(file) === commonName && byFile.get(file)!.imports.some((imported) => chunkOf(imported) !== commonName && leadsBack(chunkOf(imported))));
    if (back.length === 0) return names;
    for (const file of back) common.delete(file);
  }
}
