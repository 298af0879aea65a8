// The entry screens' copy of the theme's tokens (tokens.css) is antd's, for the theme in src/app/theme.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { theme as antdTheme } from "antd";
import { theme } from "../app/theme";

// Read as text (Vitest hands CSS imports over empty); the tests run from the repository's root.
const read = (name: string) => readFileSync(join(process.cwd(), "src/pages", name), "utf8");
const [css, entryCss, splashCss] = ["tokens.css", "entry.css", "splash.css"].map(read);

const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const same = (value: string) => value.replace(/\s/g, "").toLowerCase();

describe("the entry screens' tokens", () => {
  const declared = [...css.matchAll(/--ant-([a-z-]+):\s*([^;]+);/g)].map(([, name, value]) => [camel(name), value] as const);

  it("are antd's values for the theme", () => {
    expect(declared.length).toBeGreaterThan(10);
    for (const [name, value] of declared) expect(same(value), name).toBe(same(token[name]));
  });

  it("cover every variable the entry screens' CSS reads", () => {
    const used = [entryCss, splashCss].flatMap((file) => [...file.matchAll(/var\(--ant-([a-z-]+)\)/g)].map(([, name]) => camel(name)));
    for (const name of used)
      expect(
        declared.map(([n]) => n),
        name,
      ).toContain(name);
  });
});
