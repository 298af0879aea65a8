// Builds the chat widget a school's website embeds (esbuild): the loader `<out>/widget.js` (one
// small IIFE, no hash in its name: websites link it by name) and the frame `<out>/widget/frame.html`
// with its script and styles in `<out>/widget/assets/` (content-hashed; socket.io-client in a chunk
// of its own that loads once a conversation exists). Run after `vite build`, which empties dist/.
// `--watch` rebuilds on every change (the server serves the new files at once).
import { build, context, type BuildOptions, type Metafile } from "esbuild";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const source = join(root, "widget");
export const DEFAULT_OUT_DIR = join(root, "dist");

export interface WidgetBuild {
  /** `<out>/widget.js` */
  loader: string;
  /** `<out>/widget/frame.html` */
  frame: string;
  /** The frame's script (its entry), relative to `<out>/widget/assets`. */
  frameScript: string;
  /** Every file in `<out>/widget/assets`. */
  assets: string[];
}

const loaderOptions = (outDir: string): BuildOptions => ({
  entryPoints: [join(source, "widget.ts")],
  outfile: join(outDir, "widget.js"),
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2019",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
});

const frameOptions = (outDir: string): BuildOptions => ({
  entryPoints: { frame: join(source, "frame", "main.ts") },
  outdir: join(outDir, "widget", "assets"),
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  // Module scripts and dynamic import(): every browser that runs them.
  target: "es2020",
  minify: true,
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  // socket.io-client's licence comments go to a file beside the chunk, not into every download.
  legalComments: "linked",
  metafile: true,
  logLevel: "warning",
});

/** frame.html, pointing at the hashed script and styles the build wrote. */
async function writeFrameHtml(outDir: string, metafile: Metafile): Promise<{ frame: string; frameScript: string; assets: string[] }> {
  const assetsDir = join(outDir, "widget", "assets");
  const outputs = Object.entries(metafile.outputs).map(([file, output]) => ({ file: relative(assetsDir, join(root, file)), output }));
  const entry =
    outputs.find(({ output }) => output.entryPoint !== undefined && output.cssBundle !== undefined) ??
    outputs.find(({ output }) => output.entryPoint !== undefined);
  if (!entry) throw new Error("build-widget: esbuild wrote no frame entry");
  const css = entry.output.cssBundle ? relative(assetsDir, join(root, entry.output.cssBundle)) : undefined;
  if (!css) throw new Error("build-widget: esbuild wrote no frame stylesheet");
  const template = await readFile(join(source, "frame", "frame.html"), "utf8");
  const html = template.replace("{{js}}", `/widget/assets/${entry.file}`).replace("{{css}}", `/widget/assets/${css}`);
  const frame = join(outDir, "widget", "frame.html");
  await writeFile(frame, html);
  return { frame, frameScript: entry.file, assets: outputs.map(({ file }) => file) };
}

/** Writes the widget into `outDir` (dist/ by default), replacing an earlier build's widget files. */
export async function buildWidget(outDir = DEFAULT_OUT_DIR): Promise<WidgetBuild> {
  await rm(join(outDir, "widget"), { recursive: true, force: true });
  await mkdir(join(outDir, "widget", "assets"), { recursive: true });
  const options = frameOptions(outDir);
  const [, frameBuild] = await Promise.all([build(loaderOptions(outDir)), build({ ...options, absWorkingDir: root })]);
  const written = await writeFrameHtml(outDir, frameBuild.metafile!);
  return { loader: join(outDir, "widget.js"), ...written };
}

async function watch(outDir: string): Promise<void> {
  await buildWidget(outDir);
  const loader = await context(loaderOptions(outDir));
  const frame = await context({
    ...frameOptions(outDir),
    absWorkingDir: root,
    plugins: [{ name: "frame-html", setup: (b) => b.onEnd((result) => void (result.metafile && writeFrameHtml(outDir, result.metafile))) }],
  });
  await Promise.all([loader.watch(), frame.watch()]);
  console.log(`Watching widget/ → ${relative(root, outDir) || "."}/widget.js, widget/`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes("--watch")) await watch(DEFAULT_OUT_DIR);
  else await buildWidget();
}
