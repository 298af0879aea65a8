import { defineConfig, type Plugin } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { antdFirstPaint } from "./scripts/vite/antdFirstPaint";
import { theme } from "./src/app/theme";

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/**
 * Packages that declare no `sideEffects` but have none (nothing in them is imported for its effect
 * alone): a module of theirs that nothing uses is dropped. @refinedev/core imports papaparse (its CSV
 * import/export hooks, which the console does not use: the server writes its CSV), pluralize and its
 * devtools' stack parser at the top of its one file, on every console screen; antd's rc-*
 * components keep modules the console never reaches.
 */
const SIDE_EFFECT_FREE = /\/node_modules\/(papaparse|pluralize|error-stack-parser|stackframe|warn-once|rc-[a-z-]+|@rc-component\/[a-z-]+)\//;

/**
 * The entry's stylesheet (the splash and sign-in screens) goes into index.html: the
 * first paint then waits for no request but the script. Its link stays, disabled (a browser does
 * not fetch a disabled stylesheet): Vite's preload helper skips a stylesheet the page already
 * links, and would otherwise fetch this one again when a lazy chunk that lists it loads.
 */
function inlineEntryCss(limit = 8 * 1024): Plugin {
  return {
    name: "inline-entry-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle?.[file];
          if (asset?.type !== "asset" || String(asset.source).length > limit) return tag;
          return `<style>${String(asset.source).replace(/<\/style/gi, "<\\/style")}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}

/**
 * index.html paints before any script or stylesheet: its page background and the browser's bar
 * name a colour of the theme as `%theme.colorPrimary%`, filled in here from src/app/theme.ts (a
 * build and the dev server alike), so the theme's colours are written in one place.
 */
function themeColours(): Plugin {
  return {
    name: "theme-colours",
    transformIndexHtml: {
      order: "pre",
      handler: (html) =>
        html.replace(/%theme\.(\w+)%/g, (_, name: string) => {
          const value = (theme.token as Record<string, unknown> | undefined)?.[name];
          if (typeof value !== "string") throw new Error(`index.html names %theme.${name}%, which src/app/theme.ts does not set`);
          return value;
        }),
    },
  };
}

export default defineConfig({
  plugins: [react(), themeColours(), inlineEntryCss(), antdFirstPaint(theme)],
  resolve: {
    // @refinedev/antd ships one bundle whose MarkdownField imports a Markdown renderer that
    // tree-shaking cannot drop; the console renders no Markdown.
    alias: {
      "react-markdown": fileURLToPath(new URL("src/lib/markdownStub.ts", import.meta.url)),
      "remark-gfm": fileURLToPath(new URL("src/lib/markdownStub.ts", import.meta.url)),
      // qs's cycle check needs only a WeakMap; the package brings a tree of polyfills with it.
      "side-channel": fileURLToPath(new URL("src/lib/sideChannel.cjs", import.meta.url)),
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // Every browser the console supports preloads modules itself.
    modulePreload: { polyfill: false },
    rollupOptions: {
      treeshake: { moduleSideEffects: (id: string) => (SIDE_EFFECT_FREE.test(id) ? false : undefined) },
    },
  },
  server: {
    proxy: {
      "/api": apiTarget,
      "/_firebase": apiTarget,
      "/uploads": apiTarget,
      "/socket.io": { target: apiTarget, ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "resources/**/*.test.ts", "scripts/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "providers/**/*.test.{ts,tsx}"],
          // Tests render console modules without the console's chunk, which brings its English words.
          setupFiles: ["src/test/setup.ts", "providers/i18n/console.ts"],
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
    ],
  },
});
