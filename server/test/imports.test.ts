// No import cycles in server/, protocol/ and resources/: a cycle makes a module's exports
// `undefined` while the other half of the cycle evaluates (the order depends on which file is
// imported first), and it is the sign of a layer reaching back up. Static imports and re-exports
// count, type-only ones too (`import type`, `export type`, `{ type X }` only): a type cycle
// evaluates fine but ties the layers as tightly. `import()` does not count: it runs later.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const FOLDERS = ["server", "protocol", "resources"];

/** What this scan reads of an import or export declaration (and of its specifiers). */
interface Node {
  type: string;
  source?: { value: unknown } | null;
  specifiers?: Node[];
  importKind?: string;
  exportKind?: string;
}

function sourceFiles(): string[] {
  const out: string[] = [];
  const collect = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "node_modules") collect(path);
      } else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
    }
  };
  for (const folder of FOLDERS) collect(join(ROOT, folder));
  return out;
}

/** Every module `path` imports statically (a package's name, or a relative path as written). */
function specifiersOf(path: string, text = readFileSync(path, "utf8")): string[] {
  const ast = parseAst(text, { lang: path.endsWith(".tsx") ? "tsx" : "ts" }) as unknown as { body: Node[] };
  const out: string[] = [];
  for (const node of ast.body) {
    if (["ImportDeclaration", "ExportNamedDeclaration", "ExportAllDeclaration"].includes(node.type) && node.source) out.push(String(node.source.value));
  }
  return out;
}

/** The project files `path` imports statically, with whether each import is for types only. */
function importsOf(path: string, text = readFileSync(path, "utf8")): { target: string; typeOnly: boolean }[] {
  const ast = parseAst(text, { lang: path.endsWith(".tsx") ? "tsx" : "ts" }) as unknown as { body: Node[] };
  const out: { target: string; typeOnly: boolean }[] = [];
  for (const node of ast.body) {
    if (!["ImportDeclaration", "ExportNamedDeclaration", "ExportAllDeclaration"].includes(node.type) || !node.source) continue;
    const specifier = String(node.source.value);
    if (!specifier.startsWith(".")) continue;
    const specifiers: Node[] = node.specifiers ?? [];
    const kind = node.importKind ?? node.exportKind;
    const typeOnly = kind === "type" || (specifiers.length > 0 && specifiers.every((s) => (s.importKind ?? s.exportKind) === "type"));
    const base = resolve(dirname(path), specifier).replace(/\.js$/, "");
    const target = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((candidate) => {
      try {
        return statSync(candidate).isFile();
      } catch {
        return false;
      }
    });
    if (target) out.push({ target, typeOnly });
  }
  return out;
}

/** Every cycle's files (one per strongly connected component of more than one file, or a file importing itself). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("imports", () => {
  const files = sourceFiles();
  const edges = new Map(files.map((file) => [file, importsOf(file)]));
  const graph = (withTypes: boolean) =>
    new Map([...edges].map(([file, imports]) => [file, imports.filter((i) => withTypes || !i.typeOnly).map((i) => i.target)]));
  const named = (found: string[][]) => found.map((component) => component.map((file) => relative(ROOT, file)));

  it("finds the imports (the scan itself works)", () => {
    const app = edges.get(join(ROOT, "server/app.ts"))!;
    expect(app.map((i) => relative(ROOT, i.target))).toContain("server/definitions/load.ts");
    expect(app.find((i) => i.target.endsWith("resources/types.ts"))?.typeOnly).toBe(true);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
          ["d", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b", "c"]]);
  });

  it("keeps server/http/ below the features: it imports only http/, lib/, resources/ and protocol/", () => {
    const allowed = ["server/http/", "server/lib/", "resources/", "protocol/"];
    const reaching = [...edges]
      .filter(([file]) => relative(ROOT, file).startsWith("server/http/"))
      .flatMap(([file, imports]) => imports.map((i) => `${relative(ROOT, file)} → ${relative(ROOT, i.target)}`))
      .filter((edge) => !allowed.some((folder) => edge.split(" → ")[1]!.startsWith(folder)));
    expect(reaching).toEqual([]);
  });

  // protocol/ is what both sides agree on: the server and the console import it, it imports
  // neither (nor resources/), and no package either, so the console that imports its types (and
  // the widget its values) never carries the server's code or a schema library.
  it("keeps protocol/ a leaf: it imports only protocol/ files, and no package", () => {
    const protocolFiles = files.filter((file) => relative(ROOT, file).startsWith("protocol/"));
    expect(protocolFiles.map((file) => relative(ROOT, file))).toContain("protocol/api.ts");
    const reaching = protocolFiles.flatMap((file) =>
      specifiersOf(file)
        .filter((specifier) => !specifier.startsWith(".") || !relative(ROOT, resolve(dirname(file), specifier)).startsWith("protocol/"))
        .map((specifier) => `${relative(ROOT, file)} → ${specifier}`),
    );
    expect(reaching).toEqual([]);
    expect(specifiersOf("protocol/x.ts", 'import type { T } from "typebox";\nimport { a } from "../server/app.js";\nimport { b } from "./chat.js";')).toEqual([
      "typebox",
      "../server/app.js",
      "./chat.js",
    ]);
  });

  it("has no cycle at run time", () => {
    expect(named(cycles(graph(false)))).toEqual([]);
  });

  it("has no cycle of types either", () => {
    expect(named(cycles(graph(true)))).toEqual([]);
  });
});
