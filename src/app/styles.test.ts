// The console styles antd only through its public means (theme tokens, component tokens, the
// components' className, classNames and styles props) and draws in one palette, the theme's
// (src/app/theme.ts), whose colours its CSS reads as antd's CSS variables.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();

/** The files under `dirs` whose names end in one of `endings`, without tests. */
function files(dirs: string[], endings: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (endings.some((ending) => entry.name.endsWith(ending)) && !/\.test\.tsx?$/.test(entry.name)) found.push(relative(root, path));
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return found;
}

/** Each line of each file that matches `pattern`, as "file:line: text". */
function lines(paths: string[], pattern: RegExp): string[] {
  return paths.flatMap((path) =>
    readFileSync(join(root, path), "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
  );
}

const css = files(["src", "providers", "resources"], [".css"]);
const code = files(["src", "providers", "resources"], [".ts", ".tsx"]);
const COLOUR = /#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(/i;

describe("the console's styles", () => {
  it("select no antd class: antd renames its markup's classes, not its props", () => {
    expect(css.length).toBeGreaterThan(5);
    expect(lines(css, /\.ant-[a-z]/)).toEqual([]);
    // querySelector, closest, matches: a class in a string.
    expect(lines(code, /["'`][^"'`]*\.ant-[a-z]/)).toEqual([]);
  });

  it("write no colour but the theme's: its CSS variables, or the entry screens' one copy of them", () => {
    // tokens.css: the entry screens draw before antd's theme code loads (tokens.test.ts holds it to the theme).
    expect(
      lines(
        css.filter((path) => path !== "src/pages/tokens.css"),
        COLOUR,
      ),
    ).toEqual([]);
    expect(
      lines(
        code.filter((path) => path !== "src/app/theme.ts"),
        COLOUR,
      ),
    ).toEqual([]);
    // index.html names the theme's colours, which the build fills in (vite.config.ts, themeColours).
    expect(lines(["index.html"], COLOUR)).toEqual([]);
  });
});
