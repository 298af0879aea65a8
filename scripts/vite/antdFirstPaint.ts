import { createElement as h, Fragment, type ReactNode } from "react";
import type { Plugin } from "vite";
import type { ThemeConfig } from "antd";

/**
 * What the console's first screens render of antd (the shell with its sidebar menu and
 * breadcrumb, the welcome page, a list as table or cards with what mounts right after its first
 * rows, the inbox): their styles are written once at build time instead of being computed by
 * antd's CSS-in-JS in every browser on every load. Components opened later (drawers, dialogs,
 * forms, the history and approval screens) compute theirs when they first appear. (Plain
 * createElement: this runs in Node at build time, where no JSX transform applies.)
 */
function firstScreens(antd: typeof import("antd")): ReactNode {
  const {
    Alert,
    Avatar,
    Badge,
    Breadcrumb,
    Button,
    Card,
    DatePicker,
    Descriptions,
    Dropdown,
    Empty,
    Input,
    InputNumber,
    Layout,
    List,
    Menu,
    Pagination,
    Select,
    Skeleton,
    Space,
    Spin,
    Table,
    Tabs,
    Tag,
    Tooltip,
    Typography,
  } = antd;
  return h(
    Fragment,
    null,
    // The shell: layout, sidebar menu and its center and language selects, breadcrumb, the
    // header's buttons and menus, the gate's spinner, banners and page outline.
    h(Layout, null, h(Layout.Sider), h(Layout.Header), h(Layout.Content)),
    h(Menu, { mode: "inline", items: [{ key: "a", label: "a", children: [{ key: "b", label: "b" }] }] }),
    h(Select, { options: [{ value: "a", label: "a" }] }),
    h(Breadcrumb, { items: [{ title: "a" }] }),
    h(Button, null, "b"),
    h(Dropdown, { menu: { items: [] } }, h("span", null, "d")),
    h(Badge, { count: 1 }),
    h(Spin),
    h(Alert, { message: "a" }),
    h(Skeleton, { active: true }),
    h(Skeleton.Button, { active: true }),
    h(Space, null, "s"),
    h(Typography.Title, null, "t"),
    h(Typography.Text, { ellipsis: true }, "t"),
    h(Typography.Link, null, "l"),
    h(Typography.Paragraph, null, "p"),
    // The welcome page's details; a record's state tags (a coloured tag is one more set of styles).
    h(Descriptions, { items: [{ key: "a", label: "a", children: "a" }] }),
    h(Tag, null, "t"),
    h(Tag, { color: "blue" }, "t"),
    // A list: its search, table (a phone's cards), pages, empty state, a row's hover tips, and
    // the range filters that mount just after its first rows.
    h(Input),
    h(Input.Search),
    h(Table, { columns: [{ title: "a", dataIndex: "a", sorter: true }], dataSource: [{ key: 1, a: "a" }] }),
    h(Pagination, { total: 50 }),
    h(Card, { title: "c" }, "c"),
    h(List, { dataSource: [1], renderItem: () => h(List.Item, null, "i") }),
    h(Empty),
    h(Tooltip, { title: "t" }, h("span", null, "t")),
    h(DatePicker.RangePicker),
    h(InputNumber),
    // The inbox: its tabs and conversations.
    h(Tabs, { items: [{ key: "a", label: "a", children: "a" }] }),
    h(Avatar, null, "a"),
  );
}

/** The first screens' antd CSS for `theme`, with the map that tells antd in the browser which styles are already there. */
export async function antdFirstPaintCss(theme: ThemeConfig): Promise<string> {
  // Loaded when a build asks: every other start of Vite (the dev server, the tests) skips antd's load.
  // antd is CommonJS to Node: its components hang off the default export.
  const loaded = await import("antd");
  const antd = (loaded.default ?? loaded) as unknown as typeof loaded;
  const { extractStyle } = await import("@ant-design/static-style-extract");
  return extractStyle(() => h(antd.ConfigProvider, { theme }, h(antd.App, null, firstScreens(antd))));
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
