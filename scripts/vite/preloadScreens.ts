import type { Plugin, Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The page that index.html opens decides which chunks it needs next: a console URL needs the
 * console's, /pick-center the picker's. Both are lazily imported by the entry, so the browser
 * would learn of them only after the entry chunk has downloaded and run. A few bytes of inline
 * script in index.html add `modulepreload` (and stylesheet preload) links for the page's chunks
 * at once, so they download beside the entry chunk. /login stays as it is: it preloads nothing.
 */
export function preloadScreens(screens: Record<string, string>): Plugin {
  return {
    name: "preload-screens",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const loaded = closure(bundle, entry.fileName);
        const byPrefix: Record<string, string[]> = {};
        for (const [prefix, module] of Object.entries(screens)) {
          // The screen's own chunk, or the one it was grouped into (screenChunks).
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module)) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) throw new Error(`preload-screens: no chunk for ${module}`);
          const files = [...closure(bundle, chunk.fileName)].filter((f) => !loaded.has(f));
          const css = files.flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])]);
          byPrefix[prefix] = [...files, ...new Set(css)].map((f) => `/${f}`);
        }
        const script =
          `(function(p,m){for(var k in m)if(p.indexOf(k)===0)m[k].forEach(function(h){` +
          `var l=document.createElement("link"),css=/\\.css$/.test(h);l.rel=css?"preload":"modulepreload";` +
          `if(css)l.as="style";l.href=h;document.head.appendChild(l)})})(location.pathname,${JSON.stringify(byPrefix)})`;
        return html.replace("</head>", `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}

/** A chunk and every chunk it imports statically, transitively. */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === "chunk") for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
}
