import type { Plugin } from "vite";
import { LOCALES } from "../../resources/types";
import { STORAGE_KEYS } from "../../providers/session";
import { EARLY_ANSWERS, sortedQuery } from "../../providers/prefetch";
import type { LoaderRequest } from "../../providers/loader";
import { listScreens } from "../../src/console/listScreens";
import { loadDefinitions } from "./listPaths";

type Request = Pick<LoaderRequest, "url" | "params">;

/**
 * One early question: its URL, its parameters in name order (so that, decoded, it is the key the
 * loader names the request by), and 1 when only a page opened with no query string asks it.
 */
export type Ask = [href: string, plainUrlOnly: 0 | 1];

export interface EarlyPlan {
  /** What every console page asks first. */
  always: Ask[];
  /** What each list asks first, by its whole path. */
  paths: Record<string, Ask[]>;
  /** Where the console keeps the language last used. */
  localeKey: string;
}

export function ask(request: Request, plainUrlOnly = false): Ask {
  const query = sortedQuery(request.params, encodeURIComponent);
  return [query ? `${request.url}?${query}` : request.url, plainUrlOnly ? 1 : 0];
}

/**
 * What the console asks first on any page (the session check, the bell's notifications) and on
 * each list (its gate's check, its first page as it is with nothing in the URL), read from the
 * same modules that ask them, with tsx, since this runs in Node at build time.
 */
export async function earlyPlan(): Promise<EarlyPlan> {
  const { tsImport } = await import("tsx/esm/api");
  const from = <M>(path: string) => tsImport(new URL(path, import.meta.url).href, import.meta.url) as Promise<M>;
  const { SESSION_CHECK_URL } = await from<typeof import("../../providers/authProvider")>("../../providers/authProvider.ts");
  const { NOTIFICATIONS_FIRST_PAGE } = await from<typeof import("../../src/console/notifications/api")>("../../src/console/notifications/api.ts");
  const { LOCALE_STORAGE_KEY } = await from<typeof import("../../providers/i18n")>("../../providers/i18n/index.ts");
  const { firstRequests } = await from<typeof import("../../src/console/warmStart")>("../../src/console/warmStart.ts");
  const paths: Record<string, Ask[]> = {};
  for (const definition of await loadDefinitions()) {
    for (const screen of listScreens(definition)) {
      const [gate, page] = [
        firstRequests({ permissionKey: screen.permissionKey }, ""),
        firstRequests({ permissionKey: null, list: { definition, view: screen.view } }, ""),
      ];
      paths[screen.path] = [...gate.map((r) => ask(r)), ...page.map((r) => ask(r, true))];
    }
  }
  return { always: [ask({ url: SESSION_CHECK_URL }), ask(NOTIFICATIONS_FIRST_PAGE)], paths, localeKey: LOCALE_STORAGE_KEY };
}

/**
 * index.html's inline script that asks `plan`'s questions for the opened page as the page is
 * parsed, with the headers the console's HTTP client sends (its token, center and language), and
 * leaves the answers where the console's loader takes them (EARLY_ANSWERS). Only a signed-in
 * console page asks; an answer that is not a success is dropped and the console asks again. Its
 * language is worked out as the console's is: the one stored, else the browser's; the loader
 * uses only answers asked in the language it then has.
 */
export function earlyScript(plan: EarlyPlan): string {
  const names = { user: STORAGE_KEYS.user, center: STORAGE_KEYS.center, locale: plan.localeKey, locales: LOCALES, global: EARLY_ANSWERS };
  return (
    `(function(d,a,n){try{var p=location.pathname,s=location.search;if(p.indexOf("/app/")!==0)return;` +
    `var u=JSON.parse(localStorage.getItem(n.user)||"null");if(!u||typeof u.token!=="string")return;` +
    `var l=localStorage.getItem(n.locale);if(n.locales.indexOf(l)<0){var b=(navigator.language||"").toLowerCase();l=b==="id"||b.indexOf("id-")===0?"id":"en"}` +
    `var h={Authorization:"Bearer "+u.token,"Accept-Language":l},c=localStorage.getItem(n.center);if(c)h["X-Center-Code"]=c;` +
    `var e=window[n.global]={};a.concat(d[p]||[]).forEach(function(r){if(r[1]&&s)return;` +
    `var x=fetch(r[0],{headers:h}).then(function(t){if(!t.ok)throw t.status;return t.json()});x.catch(function(){});` +
    `e[r[0].indexOf("?")<0?r[0]+"?":decodeURIComponent(r[0])]={at:Date.now(),lang:l,answer:x}})}catch(x){}})` +
    `(${JSON.stringify(plan.paths)},${JSON.stringify(plan.always)},${JSON.stringify(names)})`
  );
}

/** Adds earlyScript to the built index.html. `plan` runs once per build. */
export function earlyRequests(plan: () => Promise<EarlyPlan>): Plugin {
  return {
    name: "early-requests",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      async handler(html) {
        return html.replace("</head>", `  <script>${earlyScript(await plan())}</script>\n  </head>`);
      },
    },
  };
}
