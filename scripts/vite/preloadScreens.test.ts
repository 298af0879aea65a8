import { describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { preloads } from "./preloadScreens";

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false, css: string[] = []) =>
  ({ type: "chunk", fileName, moduleIds, imports, isEntry, facadeModuleId: moduleIds[0], viteMetadata: { importedCss: new Set(css) } }) as unknown as Rollup.OutputChunk;

const bundle = Object.fromEntries(
  [
    chunk("main.js", ["/p/src/main.tsx"], [], true),
    chunk("console.js", ["/p/src/console/Console.tsx"], ["main.js", "antd.js"], false, ["console.css"]),
    chunk("antd.js", ["/p/node_modules/antd/button.js"], ["main.js"]),
    chunk("list.js", ["/p/src/List.tsx"], ["main.js", "antd.js", "title.js"]),
    chunk("title.js", ["/p/src/Title.tsx"], ["main.js"]),
    chunk("cards.js", ["/p/src/Cards.tsx"], ["main.js", "title.js"]),
    chunk("table.js", ["/p/src/Table.tsx"], ["main.js", "antd.js"]),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

describe("preloadScreens' entries", () => {
  const entries = preloads(bundle, [
    { path: "/app/", modules: ["src/console/Console.tsx"] },
    { path: "/app/posts", exact: true, media: "(max-width: 767.98px)", modules: ["src/List.tsx", "src/Cards.tsx"] },
    { path: "/app/careers", exact: true, media: "(max-width: 767.98px)", modules: ["src/List.tsx", "src/Cards.tsx"] },
    { path: "/app/posts", exact: true, media: "(min-width: 768px)", modules: ["src/List.tsx", "src/Table.tsx"] },
  ]);

  it("preloads a prefix screen's chunks and their stylesheets, less the entry's", () => {
    expect(entries[0]).toEqual([["/app/"], 0, "", ["/console.js", "/antd.js", "/console.css"]]);
  });

  it("leaves out of a screen what a prefix screen before it preloads, and shares one entry between paths that need the same", () => {
    expect(entries[1]).toEqual([["/app/posts", "/app/careers"], 1, "(max-width: 767.98px)", ["/list.js", "/title.js", "/cards.js"]]);
    expect(entries[2]).toEqual([["/app/posts"], 1, "(min-width: 768px)", ["/list.js", "/title.js", "/table.js"]]);
  });

  it("names a module no chunk holds", () => {
    expect(() => preloads(bundle, [{ path: "/x", modules: ["src/Nowhere.tsx"] }])).toThrow(/src\/Nowhere\.tsx/);
  });
});
