// The chat widget's download sizes (gzip -9), built afresh from widget/ into a temporary folder:
// widget.js, which every page of a school's website loads, beside its 15 KB aim; and the frame,
// which loads only when a visitor opens the chat (its page, first script and styles, then
// socket.io-client's chunk once a conversation exists).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildWidget } from "../scripts/build-widget";

const AIM_BYTES = 15 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export async function benchWidget(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "cc-bench-widget-"));
  try {
    const built = await buildWidget(dir);
    const assets = join(dir, "widget", "assets");
    const loader = gz(built.loader);
    const scripts = built.assets.filter((file) => file.endsWith(".js"));
    const first = gz(join(assets, built.frameScript));
    const allJs = scripts.reduce((sum, file) => sum + gz(join(assets, file)), 0);
    const css = built.assets.filter((file) => file.endsWith(".css")).reduce((sum, file) => sum + gz(join(assets, file)), 0);
    const html = gz(built.frame);

    console.log("Chat widget (gzip -9)");
    console.log(`  widget.js, on every page     ${kb(loader).padStart(10)}  (aim < ${kb(AIM_BYTES)}: ${((loader / AIM_BYTES) * 100).toFixed(0)}% of it)`);
    console.log(`  frame on open: page + CSS    ${kb(html + css).padStart(10)}`);
    console.log(`  frame on open: first script  ${kb(first).padStart(10)}  (the start form)`);
    console.log(`  frame, all JavaScript        ${kb(allJs).padStart(10)}  (${scripts.length} files, socket.io-client's chunk included)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("bench/widget.ts")) await benchWidget();
