import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
  resolve: {
    // @refinedev/antd ships one bundle whose MarkdownField imports a Markdown renderer (~70 KB
    // gzip) that tree-shaking cannot drop; the console renders no Markdown.
    alias: {
      "react-markdown": fileURLToPath(new URL("src/lib/markdownStub.ts", import.meta.url)),
      "remark-gfm": fileURLToPath(new URL("src/lib/markdownStub.ts", import.meta.url)),
    },
  },
  build: { outDir: "dist", sourcemap: false, manifest: true, chunkSizeWarningLimit: 1500 },
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
          include: ["server/**/*.test.ts", "resources/**/*.test.ts"],
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
          setupFiles: ["src/test/setup.ts"],
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
    ],
  },
});
