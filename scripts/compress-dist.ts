// Compresses the built console once, at build time, so the server sends brotli or gzip without
// compressing on every request: beside each text asset of dist/ go `<name>.br` (quality 11) and
// `<name>.gz` (level 9), which @fastify/static's preCompressed serves to a client that accepts them.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain less than the bytes of a header saved. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

const upToDate = (copy: string, sourceMtime: number) => {
  try {
    return statSync(copy).mtimeMs >= sourceMtime;
  } catch {
    return false;
  }
};

export function compressDir(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const path of files(dir)) {
    const { size, mtimeMs } = statSync(path);
    if (size < MIN_BYTES) continue;
    // Already compressed since the file last changed (a `serve` without a new build).
    if (upToDate(`${path}.br`, mtimeMs) && upToDate(`${path}.gz`, mtimeMs)) continue;
    const source = readFileSync(path);
    const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
    const gz = gzipSync(source, { level: 9 });
    // A compressed copy no smaller than the file would only cost a header.
    if (br.length < size) writeFileSync(`${path}.br`, br);
    if (gz.length < size) writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.bytes += size;
    totals.br += Math.min(br.length, size);
    totals.gz += Math.min(gz.length, size);
  }
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? "dist";
  const t = compressDir(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`Compressed ${t.files} files of ${dir}/: ${kb(t.bytes)} → ${kb(t.br)} brotli, ${kb(t.gz)} gzip`);
}
