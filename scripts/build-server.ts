// Bundles the API server into dist-server/index.mjs (esbuild), so `npm start` runs one file of
// plain JavaScript instead of transpiling TypeScript and loading hundreds of package files at every
// start (about 1.5 s of a 3-5 s start here).
// The resource definitions and the migrations go in as they are now (server/embedded.ts); a
// definition file added or changed after the build is still read from disk at start.
import { build, type Plugin } from "esbuild";
import { readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadMigrations } from "../server/db/migrate";
import { definitionFiles, definitionsHash, RESOURCES_DIR } from "../server/definitions/load";

const root = fileURLToPath(new URL("..", import.meta.url));
export const SERVER_BUNDLE = join(root, "dist-server", "index.mjs");

const embed: Plugin = {
  name: "embed-definitions-and-migrations",
  setup(b) {
    b.onLoad({ filter: /[\\/]server[\\/]embedded\.ts$/ }, () => {
      const files = definitionFiles(RESOURCES_DIR);
      const contents = [
        `import { fileURLToPath } from "node:url";`,
        ...files.map((file, i) => `import * as d${i} from ${JSON.stringify(join(RESOURCES_DIR, file))};`),
        `export const embedded = {`,
        `  definitions: {`,
        // The bundle is dist-server/index.mjs: resources/ is its sibling.
        `    dir: fileURLToPath(new URL("../resources/", import.meta.url)),`,
        `    hash: ${JSON.stringify(definitionsHash(RESOURCES_DIR))},`,
        `    modules: [${files.map((file, i) => `{ file: ${JSON.stringify(file)}, definition: d${i}.default }`).join(", ")}],`,
        `  },`,
        `  migrations: ${JSON.stringify(loadMigrations())},`,
        `};`,
      ].join("\n");
      return { contents, loader: "js", resolveDir: RESOURCES_DIR };
    });
  },
};

// Loaded from node_modules rather than bundled: PGlite loads its wasm and data files relative to its
// module; tsx only reads definition files changed since the build; pg-native is pg's optional
// native driver, not installed.
// firebase-admin (push) loads only when a service account is configured; the others are loaded
// from node_modules on purpose or are optional.
const EXTERNAL = ["@electric-sql/pglite", "tsx", "pg-native", "firebase-admin"];

// Bundled packages that read files beside their own modules through __dirname (Swagger UI's
// assets, @fastify/swagger's package.json): in the bundle __dirname is that package's folder in
// node_modules again, found at run time. (Left external, Swagger UI alone took 0.3-0.5 s of each
// start loading second copies of @fastify/static, glob and yaml.)
const KEEP_DIRNAME = ["@fastify/swagger-ui", "@fastify/swagger"];

const packageDirname: Plugin = {
  name: "package-dirname",
  setup(b) {
    const files = new RegExp(`[\\/]node_modules[\\/](${KEEP_DIRNAME.map((p) => p.replace("/", "[\\\\/]")).join("|")})[\\/](.*)\\.js$`);
    b.onLoad({ filter: files }, async (args) => {
      const [, name, rest] = files.exec(args.path)!;
      const pkg = name!.replace("\\", "/");
      const subdir = dirname(rest!.replace(/\\/g, "/"));
      const contents = await readFile(args.path, "utf8");
      if (!/\b__(dirname|filename)\b/.test(contents)) return undefined;
      const shim =
        `var __dirname = require("node:path").join(require("node:path").dirname(require.resolve(${JSON.stringify(`${pkg}/package.json`)})), ${JSON.stringify(subdir)});` +
        `var __filename = require("node:path").join(__dirname, ${JSON.stringify(basename(args.path))});`;
      return { contents: shim + contents, loader: "js" };
    });
  },
};

/** Writes the bundle (to `outfile`, a file in dist-server/: resources/ must be its sibling folder's). */
export async function buildServer(outfile = SERVER_BUNDLE): Promise<string> {
  await build({
    entryPoints: [join(root, "server", "index.ts")],
    outfile,
    bundle: true,
    external: EXTERNAL,
    // CommonJS packages in an ES module bundle still require Node's own modules.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    plugins: [embed, packageDirname],
    logLevel: "warning",
  });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildServer();
