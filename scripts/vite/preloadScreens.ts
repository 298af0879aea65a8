import type { Plugin, Rollup } from "vite";
import { chunkHolding, reach } from "./chunkGraph";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** A page index.html may open, and the modules (as in `src/console/Console.tsx`) whose chunks it needs. */
export interface Screen {
  /** A path prefix, or with `exact` the whole path. */
  path: string;
  exact?: boolean;
  /** A media query the screen's width must match (a list's cards on a phone, its table beside). */
  media?: string;
  modules: string[];
}

/**
 * The page that index.html opens decides which chunks it needs next: a console URL needs the
 * console's, /pick-center the picker's, a list its list's. All are lazily imported, so the
 * browser would learn of them only after the entry chunk (and the console's) had downloaded and
 * run. A few bytes of inline script in index.html add `modulepreload` (and stylesheet preload)
 * links for the page's chunks at once, so they download beside the entry chunk. /login stays as
 * it is: it preloads nothing. A screen's list leaves out what the entry and the screens before it
 * that also match already preload. `screens` may be a function, run once per build.
 */
export function preloadScreens(screens: Screen[] | (() => Promise<Screen[]>)): Plugin {
  return {
    name: "preload-screens",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      async handler(html, { bundle }) {
        if (!bundle) return html;
        const list = typeof screens === "function" ? await screens() : screens;
        const entries = preloads(bundle, list);
        if (entries.length === 0) return html;
        const script =
          `(function(p,m){m.forEach(function(e){if(e[0].some(function(k){return e[1]?p===k:p.indexOf(k)===0})&&(!e[2]||matchMedia(e[2]).matches))` +
          `e[3].forEach(function(h){var l=document.createElement("link"),css=/\\.css$/.test(h);` +
          `l.rel=css?"preload":"modulepreload";if(css)l.as="style";l.href=h;document.head.appendChild(l)})})})` +
          `(location.pathname,${JSON.stringify(entries)})`;
        return html.replace("</head>", `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}

type Entry = [string[], 0 | 1, string, string[]];

/**
 * The screens as [paths, exact, media, files], a screen's files those no earlier matching screen
 * preloads; screens that preload the same files under the same conditions share one entry.
 */
export function preloads(bundle: OutputBundle, screens: readonly Screen[]): Entry[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) return [];
  const loaded = reach(byFile, entry.fileName);
  const done: { screen: Screen; files: Set<string> }[] = [];
  const entries = new Map<string, Entry>();
  for (const screen of screens) {
    const files = new Set<string>();
    for (const module of screen.modules) for (const file of reach(byFile, chunkHolding(chunks, module, "preload-screens").fileName)) files.add(file);
    // What the entry loads, and what a prefix screen that also opens this path preloads, is there already.
    const before = done.filter((d) => !d.screen.exact && !d.screen.media && screen.path.startsWith(d.screen.path));
    const own = [...files].filter((f) => !loaded.has(f) && !before.some((d) => d.files.has(f)));
    done.push({ screen, files });
    const css = own.flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])]);
    const hrefs = [...own, ...new Set(css)].map((f) => `/${f}`);
    const key = JSON.stringify([screen.exact, screen.media, hrefs]);
    const entry = entries.get(key);
    if (entry) entry[0].push(screen.path);
    else entries.set(key, [[screen.path], screen.exact ? 1 : 0, screen.media ?? "", hrefs]);
  }
  return [...entries.values()];
}
