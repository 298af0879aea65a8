import { describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { plan } from "./screenChunks";

/** A planning build's chunk: its file, its modules, what it imports statically and by import(). */
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], dynamicImports: string[] = [], kind: "entry" | "dynamic" | "shared" = "shared", size = 10_000) =>
  ({ type: "chunk", fileName, moduleIds, imports, dynamicImports, isEntry: kind === "entry", isDynamicEntry: kind === "dynamic", facadeModuleId: kind === "shared" ? null : moduleIds[0], code: "x".repeat(size) }) as unknown as Rollup.OutputChunk;

// The entry opens the sign-in's next screen (pick) and the console's shell; the shell opens a
// welcome page and lists; a list opens its cards. Shared chunks as the bundler would make them.
const build = [
  chunk("main.js", ["/p/src/main.tsx", "/p/node_modules/react/index.js"], [], ["pick.js", "console.js"], "entry"),
  chunk("pick.js", ["/p/src/pages/Pick.tsx"], ["main.js", "antd.js"], [], "dynamic"),
  chunk("antd.js", ["/p/node_modules/antd/button.js"], ["main.js"]),
  chunk("console.js", ["/p/src/console/Console.tsx"], ["main.js", "antd.js", "refine.js", "tiny.js"], ["welcome.js", "list.js"], "dynamic"),
  chunk("refine.js", ["/p/node_modules/@refinedev/core/index.js"], ["main.js"]),
  chunk("tiny.js", ["/p/src/lib/tiny.ts"], ["main.js"]),
  chunk("welcome.js", ["/p/src/console/Welcome.tsx"], ["main.js", "title.js"], [], "dynamic"),
  chunk("title.js", ["/p/src/console/PageTitle.tsx"], ["main.js"]),
  chunk("list.js", ["/p/src/console/List.tsx"], ["main.js", "title.js", "icons.js", "rows.js"], ["cards.js"], "dynamic"),
  chunk("icons.js", ["/p/node_modules/icons/Edit.js"], ["main.js"]),
  chunk("rows.js", ["/p/src/console/rows.ts"], ["main.js"]),
  chunk("cards.js", ["/p/src/console/Cards.tsx"], ["main.js", "rows.js"], [], "dynamic"),
];

describe("screenChunks' plan", () => {
  const owner = plan(build, { console: ["src/console/Console.tsx"], list: ["src/console/List.tsx"] });

  it("puts the shell and what only screens opened after it share with it into one chunk", () => {
    expect(owner.get("/p/src/console/Console.tsx")).toBe("console");
    expect(owner.get("/p/node_modules/@refinedev/core/index.js")).toBe("console");
    expect(owner.get("/p/src/lib/tiny.ts")).toBe("console");
  });

  it("leaves the entry's own modules, and what a screen the entry opens shares with the shell, where they were", () => {
    expect(owner.has("/p/src/main.tsx")).toBe(false);
    expect(owner.has("/p/node_modules/react/index.js")).toBe(false);
    // The pick screen needs antd.js too: merging it into the console's chunk would make that screen load the console.
    expect(owner.has("/p/node_modules/antd/button.js")).toBe(false);
  });

  it("gives a list its chunk without taking what another screen needs from it", () => {
    expect(owner.get("/p/src/console/List.tsx")).toBe("list");
    expect(owner.get("/p/node_modules/icons/Edit.js")).toBe("list");
    // Needed by the cards too, which only a list opens: still the list's.
    expect(owner.get("/p/src/console/rows.ts")).toBe("list");
    // The welcome page needs the title: it stays in a chunk of its own.
    expect(owner.has("/p/src/console/PageTitle.tsx")).toBe(false);
  });

  it("merges chunks the same outside screens need, so those screens load nothing more", () => {
    const shared = [
      ...build,
      chunk("util.js", ["/p/node_modules/util/a.js"], ["main.js"]),
      chunk("pick2.js", ["/p/src/pages/Pick.tsx"], ["main.js", "antd.js", "util.js"], [], "dynamic"),
    ].map((c) => (c.fileName === "console.js" ? { ...c, imports: [...c.imports, "util.js"] } : c)).filter((c) => c.fileName !== "pick.js");
    const entry = shared.find((c) => c.fileName === "main.js")!;
    const owners = plan([{ ...entry, dynamicImports: ["pick2.js", "console.js"] }, ...shared.filter((c) => c !== entry)], { console: ["src/console/Console.tsx"] });
    expect(owners.get("/p/node_modules/antd/button.js")).toBe("console-shared1");
    expect(owners.get("/p/node_modules/util/a.js")).toBe("console-shared1");
  });

  it("puts a group's small chunks that other screens need too into one common chunk", () => {
    const small = build.map((c) => (c.fileName === "title.js" ? chunk("title.js", ["/p/src/console/PageTitle.tsx"], ["main.js"], [], "shared", 500) : c));
    const withExtra = [
      ...small.map((c) => (c.fileName === "list.js" ? { ...c, imports: [...c.imports, "date.js", "big.js"] } : c.fileName === "welcome.js" ? { ...c, imports: [...c.imports, "date.js", "big.js"] } : c)),
      chunk("date.js", ["/p/node_modules/dayjs/index.js"], ["main.js"], [], "shared", 900),
      chunk("big.js", ["/p/node_modules/big/index.js"], ["main.js"], [], "shared", 9_000),
    ];
    const owners = plan(withExtra, { console: ["src/console/Console.tsx"], list: ["src/console/List.tsx"] }, 1_000);
    // The welcome page needs both small ones: one request for the two instead of one for each.
    expect(owners.get("/p/src/console/PageTitle.tsx")).toBe("list-common");
    expect(owners.get("/p/node_modules/dayjs/index.js")).toBe("list-common");
    // Too big to load where it is not needed: it stays in a chunk of its own.
    expect(owners.has("/p/node_modules/big/index.js")).toBe(false);
    // What only the list needs is still the list's.
    expect(owners.get("/p/node_modules/icons/Edit.js")).toBe("list");
  });

  it("leaves out of the common chunk a small one that imports another chunk, which could import the common chunk back", () => {
    const withCycle = [
      ...build.map((c) => (c.fileName === "list.js" || c.fileName === "welcome.js" ? { ...c, imports: [...c.imports, "typeof.js", "memo.js", "hooks.js"] } : c)),
      chunk("typeof.js", ["/p/node_modules/babel/typeof.js"], ["main.js"], [], "shared", 300),
      // hooks.js (big) needs typeof.js, and memo.js (small) needs hooks.js: a common chunk of both small ones would import hooks.js, which imports it.
      chunk("hooks.js", ["/p/node_modules/rc-util/hooks.js"], ["main.js", "typeof.js"], [], "shared", 9_000),
      chunk("memo.js", ["/p/node_modules/rc-util/useMemo.js"], ["main.js", "hooks.js"], [], "shared", 400),
    ];
    const owners = plan(withCycle, { console: ["src/console/Console.tsx"], list: ["src/console/List.tsx"] }, 1_000);
    expect(owners.get("/p/node_modules/rc-util/useMemo.js")).not.toBe("list-common");
    expect([...owners.values()]).not.toContain("list-common");
  });

  it("names the root it cannot find", () => {
    expect(() => plan(build, { missing: ["src/nowhere.tsx"] })).toThrow(/src\/nowhere\.tsx/);
  });
});
