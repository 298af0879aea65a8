import type { Rollup } from "vite";

type OutputChunk = Rollup.OutputChunk;

/** The chunk a module is in: its own (the module is its facade), or the one it was grouped into. */
export function chunkHolding(chunks: readonly OutputChunk[], module: string, plugin: string): OutputChunk {
  const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`)) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
  if (!chunk) throw new Error(`${plugin}: no chunk holds ${module}`);
  return chunk;
}

/**
 * The files of a chunk and of every chunk it imports statically, transitively (with `dynamic`,
 * through import() too). Chunks in `skip` are neither returned nor gone through.
 */
export function reach(byFile: ReadonlyMap<string, OutputChunk>, start: string, dynamic = false, skip: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>(skip);
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop()!;
    const chunk = byFile.get(file);
    if (seen.has(file) || !chunk) continue;
    seen.add(file);
    stack.push(...chunk.imports, ...(dynamic ? chunk.dynamicImports : []));
  }
  for (const file of skip) seen.delete(file);
  return seen;
}
