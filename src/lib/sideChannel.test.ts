import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Node's own require, so qs (CommonJS) can be loaded afresh with the shim in side-channel's place,
// as the console's build does through vite.config.ts's alias.
const require = createRequire(import.meta.url);
const shimPath = require.resolve("./sideChannel.cjs");
const realPath = require.resolve("side-channel", { paths: [dirname(require.resolve("qs"))] });
const saved = require.cache[realPath];
const dropQs = () => {
  for (const k of Object.keys(require.cache)) if (k.includes("/node_modules/qs/")) delete require.cache[k];
};

dropQs();
require.cache[realPath] = { id: realPath, filename: realPath, loaded: true, exports: require(shimPath) } as NodeJS.Module;
const qs = require("qs") as { stringify(value: unknown, options?: { encode?: boolean }): string; parse(query: string): unknown };

afterAll(() => {
  dropQs();
  if (saved) require.cache[realPath] = saved;
  else delete require.cache[realPath];
});

describe("side-channel shim", () => {
  it("is what the build resolves side-channel to", () => {
    // Read as text: the config itself does not load in the browser-like test environment.
    const config = readFileSync(require.resolve("../../vite.config.ts"), "utf8");
    expect(config).toMatch(/"side-channel": fileURLToPath\(new URL\("src\/lib\/sideChannel\.cjs"/);
  });

  it("lets qs stringify nested objects and arrays as before", () => {
    const value = { filters: [{ field: "title", operator: "contains", value: "a b" }], sorters: { field: "id", order: "desc" }, tags: ["x", "y"] };
    expect(qs.stringify(value, { encode: false })).toBe(
      "filters[0][field]=title&filters[0][operator]=contains&filters[0][value]=a b&sorters[field]=id&sorters[order]=desc&tags[0]=x&tags[1]=y",
    );
    // The same object twice (not a cycle) is fine.
    const shared = { a: 1 };
    expect(qs.stringify({ x: shared, y: shared })).toBe("x%5Ba%5D=1&y%5Ba%5D=1");
    expect(qs.parse("a[b][0]=1&a[b][1]=2&c=3")).toEqual({ a: { b: ["1", "2"] }, c: "3" });
  });

  it("lets qs throw on a cycle", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => qs.stringify(cyclic)).toThrow(new RangeError("Cyclic object value"));
    const deep: Record<string, unknown> = { list: [] };
    (deep.list as unknown[]).push({ back: deep });
    expect(() => qs.stringify(deep)).toThrow(RangeError);
  });

  it("keeps the package's methods", () => {
    const make = require(shimPath) as () => {
      get(k: unknown): unknown;
      set(k: unknown, v: unknown): void;
      has(k: unknown): boolean;
      delete(k: unknown): boolean;
      assert(k: unknown): void;
    };
    const channel = make();
    const key = {};
    expect(channel.has(key)).toBe(false);
    expect(() => channel.assert(key)).toThrow(TypeError);
    channel.set(key, 1);
    channel.set("k", 2);
    expect([channel.get(key), channel.get("k"), channel.has(key)]).toEqual([1, 2, true]);
    expect(channel.delete(key)).toBe(true);
    expect(channel.get(key)).toBeUndefined();
  });
});
