import { createRequire } from "node:module";
import { createElement as h, Fragment, type ReactNode } from "react";
import type { Plugin } from "vite";
import type { ThemeConfig } from "antd";

/**
 * What the console's first screens render of antd, as they render it (the list was taken from the
 * styles antd computes in the browser on each of them without this stylesheet): the shell with its
 * sidebar menu, selects and bell; the welcome page's counts, details and state tags; a list's search,
 * table (a phone's cards) with its sorters, filter menus, pager and loading veil; the inbox's tabs,
 * conversations, outline and its contact drawer, mounted closed. Components opened later (dialogs,
 * forms, a list's range pickers, the history and approval screens) compute theirs when they
 * first appear. (Plain createElement: this runs in Node at build time, where no JSX transform applies.)
 */
function firstScreens(antd: typeof import("antd")): ReactNode {
  const {
    Avatar,
    Badge,
    Button,
    Descriptions,
    Drawer,
    Dropdown,
    Empty,
    Input,
    Layout,
    List,
    Menu,
    Popover,
    Select,
    Skeleton,
    Space,
    Statistic,
    Table,
    Tabs,
    Tag,
    Tooltip,
  } = antd;
  return h(
    Fragment,
    null,
    // The shell.
    h(Layout, null, h(Layout.Sider, { theme: "light" }), h(Layout.Content)),
    h(Menu, { mode: "inline", items: [{ key: "a", label: "a", children: [{ key: "b", label: "b" }] }] }),
    h(Select, { options: [{ value: "a", label: "a" }] }),
    h(Button, null, "b"),
    h(Badge, { count: 1 }),
    h(Tooltip, { title: "t" }, h("span", null, "t")),
    // The welcome page (its blocks' counts, its details); a record's state tags (a coloured tag is
    // one more set of styles).
    h(Statistic, { title: "s", value: 1 }),
    h(Descriptions, { items: [{ key: "a", label: "a", children: "a" }] }),
    h(Tag, null, "t"),
    h(Tag, { color: "blue" }, "t"),
    // A list (its table's loading veil is antd's Spin). The table scrolls sideways, as every list's
    // does: antd then renders its measuring row under a ConfigProvider of its own, whose icon
    // styles are keyed by the theme's token rather than antd's default one, and would otherwise
    // be computed in the browser.
    // Its toolbar: the search, the filter menus and the Columns button's popover (mounted closed).
    h(Space, null, h(Input.Search), h(Dropdown, { menu: { items: [] } }, h(Button, null, "d")), h(Popover, { content: "c" }, h(Button, null, "c"))),
    h(Table, {
      columns: [{ title: "a", dataIndex: "a", sorter: true, filters: [{ text: "a", value: "a" }] }],
      dataSource: [{ key: 1, a: "a" }],
      scroll: { x: 800 },
    }),
    h(List, { dataSource: [1], renderItem: () => h(List.Item, null, "i"), pagination: { total: 50 } }),
    h(Empty),
    // The inbox.
    h(Tabs, { items: [{ key: "a", label: "a", children: "a" }] }),
    h(Skeleton, { active: true }),
    h(Avatar, null, "a"),
    h(Drawer, { open: false }),
  );
}

/** The first screens' antd CSS for `theme`, with the map that tells antd in the browser which styles are already there. */
export async function antdFirstPaintCss(theme: ThemeConfig): Promise<string> {
  // Loaded when a build asks: every other start of Vite (the dev server, the tests) skips antd's load.
  // antd is CommonJS to Node: its components hang off the default export.
  const loaded = await import("antd");
  const antd = (loaded.default ?? loaded) as unknown as typeof loaded;
  // antd's own copy of its style engine: the cache given to StyleProvider must be the one antd's components write to.
  const fromAntd = createRequire(createRequire(import.meta.url).resolve("antd"));
  const { createCache, extractStyle, StyleProvider } = fromAntd("@ant-design/cssinjs") as typeof import("@ant-design/cssinjs");
  const { renderToString } = await import("react-dom/server");
  // As the console renders it: the same theme, no StyleProvider options (antd's defaults in the browser).
  const cache = createCache();
  renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, firstScreens(antd))));
  // The components' styles, and the theme's CSS variables (the console's own CSS reads them). Each
  // component's own variables are left out: antd in the browser writes those whether or not the
  // stylesheet has them (its map names only styles), so a copy here would be bytes for nothing.
  return extractStyle(cache, { plain: true, types: ["style", "token"] });
}

const ID = "virtual:antd-first-paint.css";

/**
 * `import "virtual:antd-first-paint.css"` gives the first screens' antd styles for `theme`; antd
 * in the browser reads the map at its end and skips computing and injecting those styles. Only a
 * production build has it (antd names its classes differently in development).
 */
export function antdFirstPaint(theme: ThemeConfig): Plugin {
  let build = false;
  return {
    name: "antd-first-paint",
    configResolved(config) {
      build = config.command === "build" && config.isProduction && process.env.NODE_ENV === "production";
    },
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    async load(id) {
      if (id !== `\0${ID}`) return undefined;
      return build ? antdFirstPaintCss(theme) : "";
    },
  };
}
