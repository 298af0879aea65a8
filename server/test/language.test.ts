import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAst } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import rolesDef from "../../resources/roles.js";
import type { ResourceDefinition } from "../../resources/types.js";
import usersDef from "../../resources/users.js";
import { createTranslator, definitionWords, requestLanguage, type DefinitionWords, type Messages } from "../http/language.js";
import { SERVER_MESSAGES } from "../messages.js";
import { NO_PERMISSION } from "../plugins/auth.js";
import { validationErrors } from "../plugins/errors.js";
import { translateBody } from "../plugins/language.js";
import { loadDefinitions } from "../definitions/load.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { translate, kept } = createTranslator(SERVER_MESSAGES);

describe("requestLanguage", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["id", "id"],
    ["ID", "id"],
    ["id-ID", "id"],
    ["in", "id"],
    ["in-ID", "id"],
    ["en", "en"],
    ["en-US,en;q=0.9", "en"],
    ["en-IN", "en"],
    ["fr-FR", "en"],
    ["*", "en"],
    ["id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7", "id"],
    ["en-US,en;q=0.9,id;q=0.8", "en"],
    ["en;q=0.5, id;q=0.8", "id"],
    ["fr, id;q=0.8", "id"],
    ["id;q=0, en", "en"],
    ["id;q=0", "en"],
    ["en;q=0, *", "id"],
    ["id, en", "id"],
    ["en, id", "en"],
    ["id;q=0.5, en;q=0.5", "id"],
    [" id ; q=0.9 , en ; q=0.3", "id"],
    ["id;q=2, en;q=0.1", "en"],
    ["id;q=abc", "en"],
  ] as const)("%j → %s", (header, language) => {
    expect(requestLanguage(header)).toBe(language);
  });
});

describe("translateBody", () => {
  it("answers a translated copy, never changing the body it was given (bodies may be shared)", () => {
    const body = Object.freeze({ statusCode: 400, message: "Validation failed", errors: Object.freeze({ title: "must not be empty" }) });
    expect(translateBody(body, (text) => translate(text, "id"))).toEqual({
      statusCode: 400,
      message: "Validasi gagal",
      errors: { title: "tidak boleh kosong" },
    });
    expect(body).toEqual({ statusCode: 400, message: "Validation failed", errors: { title: "must not be empty" } });
  });
});

describe("translate", () => {
  const words = definitionWords([
    {
      name: "posts",
      label: "Post",
      labelPlural: "Posts",
      fields: [{ name: "slug", label: "Slug", type: "text", pattern: { regex: "^[a-z]+$", message: "Use lower-case letters" } }],
      rules: [{ kind: "notBefore", field: "ends_at", than: "starts_at", message: "The end must not be before the start" }],
      translations: {
        id: {
          label: "Postingan",
          labelPlural: "Postingan",
          fields: { slug: { label: "Slug", pattern: "Gunakan huruf kecil" } },
          rules: ["Waktu selesai tidak boleh sebelum waktu mulai"],
        },
      },
    } as unknown as ResourceDefinition,
  ]);

  it("leaves English as it is", () => {
    expect(translate("Post saved", "en", words)).toBe("Post saved");
    expect(translate("must be at most 160 characters", "en")).toBe("must be at most 160 characters");
  });

  it("translates fragments, keeping the field name first and the numbers", () => {
    expect(translate("must be at most 160 characters", "id")).toBe("maksimal 160 karakter");
    expect(translate("slug is required", "id")).toBe("slug wajib diisi");
    expect(translate("assignments.0.role_id is required", "id")).toBe("assignments.0.role_id wajib diisi");
    expect(translate("must be one of: news, life_club", "id")).toBe("harus salah satu dari: news, life_club");
    expect(translate("must be a string,null", "id")).toBe("harus berupa teks atau null");
  });

  it("translates templates with a definition's label", () => {
    expect(translate("Post saved", "id", words)).toBe("Postingan disimpan");
    expect(translate("Posts cannot be deleted", "id", words)).toBe("Postingan tidak dapat dihapus");
    expect(translate("Deletion of post submitted for approval", "id", words)).toBe("Penghapusan postingan diajukan untuk persetujuan");
    expect(translate("Version 3 restored and submitted for approval", "id")).toBe("Versi 3 dipulihkan dan diajukan untuk persetujuan");
    // A label without translations stays English inside the Indonesian sentence.
    expect(translate("Testimonial saved", "id", words)).toBe("Testimonial disimpan");
  });

  it("translates a definition's own pattern and rule messages", () => {
    expect(translate("Use lower-case letters", "id", words)).toBe("Gunakan huruf kecil");
    expect(translate("The end must not be before the start", "id", words)).toBe("Waktu selesai tidak boleh sebelum waktu mulai");
  });

  it("translates durations of the rate limits", () => {
    expect(translate("Too many login attempts, retry in 15 minutes", "id")).toBe("Terlalu banyak percobaan login, coba lagi dalam 15 menit");
    expect(translate("Too many login attempts from this address, retry in 42 seconds", "id")).toBe(
      "Terlalu banyak percobaan login dari alamat ini, coba lagi dalam 42 detik",
    );
  });

  it("keeps the strings the spec quotes, and the one the console words itself", () => {
    expect(kept.size).toBeGreaterThan(2);
    for (const text of kept) expect(translate(text, "id")).toBe(text);
    expect(translate(NO_PERMISSION, "id")).toBe("You don't have permission to access this page");
    expect(translate("is already in use", "id")).toBe("is already in use");
  });
});

describe("the features' messages", () => {
  it("registers every feature's messages.ts with the language plugin (server/messages.ts)", async () => {
    const files: string[] = [];
    const collect = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) collect(path);
        else if (name === "messages.ts" && dir !== join(ROOT, "server")) files.push(path);
      }
    };
    collect(join(ROOT, "server"));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const catalog = (await import(file)) as { default: Messages };
      expect(SERVER_MESSAGES, relative(ROOT, file)).toContain(catalog.default);
    }
  });

  it("refuses one English sentence with two translations", () => {
    const a: Messages = { sentences: [{ en: "Saved", id: "Disimpan" }] };
    const b: Messages = { sentences: [{ en: "Saved", id: "Tersimpan" }] };
    expect(() => createTranslator([a, b])).toThrow(/two translations/);
    expect(createTranslator([a, a]).translate("Saved", "id")).toBe("Disimpan");
  });

  it("tries patterns in the registry's order", () => {
    const specific: Messages = { patterns: [{ en: "{n} approved", id: "{n} disetujui" }] };
    const general: Messages = { patterns: [{ en: "{label} approved", id: "{label} OK" }] };
    expect(createTranslator([specific, general]).translate("3 approved", "id")).toBe("3 disetujui");
    expect(createTranslator([general, specific]).translate("3 approved", "id")).toBe("3 OK");
  });
});

// ---------------------------------------------------------------------------------------------
// Key check: every message the server can answer has Indonesian. The server's sources are parsed
// (Vite's parser, TypeScript syntax) and every English text that reaches a message is collected:
// arguments of badRequest/forbidden/notFound/conflict/unauthorized/HttpError (and the errors the
// domain throws), `message` of a `{ statusCode, message }` body, field messages written into an
// `errors` map, schema `x-message`s, and what fieldMessage() in plugins/errors.ts returns. Constants
// are followed to their declarations (across imports), templates are filled with sample values.

type Node = { type: string; start: number; end: number; [key: string]: any };

interface SourceFile {
  path: string;
  text: string;
  ast: Node;
  /** Declarations by name, in any scope: a variable's initialiser, or a function. */
  decls: Map<string, Node[]>;
  /** Imported name → [file, exported name]. */
  imports: Map<string, [string, string]>;
}

const SITE_CALLS = new Set(["badRequest", "unauthorized", "forbidden", "notFound", "conflict", "HttpError", "InvalidInput", "DecisionConflict"]);
const WRAPPERS = new Set(["TSAsExpression", "TSSatisfiesExpression", "TSNonNullExpression", "ParenthesizedExpression", "ChainExpression"]);

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "typeAnnotation" || key === "returnType" || key === "typeParameters") continue;
    if (Array.isArray(value)) for (const v of value) v && typeof v.type === "string" && out.push(v);
    else if (value && typeof value === "object" && typeof (value as Node).type === "string") out.push(value as Node);
  }
  return out;
}

function walk(node: Node, visit: (node: Node, parents: Node[]) => void, parents: Node[] = []): void {
  visit(node, parents);
  for (const child of children(node)) walk(child, visit, [...parents, node]);
}

function sourceFiles(): Map<string, SourceFile> {
  const paths: string[] = [join(ROOT, "resources/compile.ts")];
  const collect = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "test") collect(path);
      } else if (name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts")) paths.push(path);
    }
  };
  collect(join(ROOT, "server"));
  const files = new Map<string, SourceFile>();
  for (const path of paths) {
    const text = readFileSync(path, "utf8");
    const ast = parseAst(text, { lang: "ts" }) as unknown as Node;
    const decls = new Map<string, Node[]>();
    const imports = new Map<string, [string, string]>();
    const declare = (name: string, node: Node) => decls.set(name, [...(decls.get(name) ?? []), node]);
    walk(ast, (node) => {
      if (node.type === "VariableDeclarator" && node.id?.type === "Identifier" && node.init) declare(node.id.name, node.init);
      if (node.type === "FunctionDeclaration" && node.id) declare(node.id.name, node);
      if (node.type === "ImportDeclaration" && String(node.source.value).startsWith(".")) {
        const from = resolve(dirname(path), String(node.source.value).replace(/\.js$/, ".ts"));
        for (const s of node.specifiers) imports.set(s.local.name, [from, s.type === "ImportSpecifier" ? (s.imported.name ?? s.imported.value) : "default"]);
      }
    });
    files.set(path, { path, text, ast, decls, imports });
  }
  return files;
}

/** A stand-in for a value the scan cannot know, chosen by what the expression reads. */
function sample(source: string): string {
  const lower = /toLowerCase/.test(source);
  const pick = /labelPlural/.test(source)
    ? "Posts"
    : /label/i.test(source)
      ? "Post"
      : /after/.test(source)
        ? "15 minutes"
        : /code/i.test(source)
          ? "JKT01"
          : /format/.test(source)
            ? "uri"
            : /allowedValues|join/.test(source)
              ? "news, life_club"
              : /type/i.test(source)
                ? "string"
                : /field/i.test(source)
                  ? "title"
                  : "3";
  return lower ? pick.toLowerCase() : pick;
}

type Bindings = ReadonlyMap<string, string[]>;

function scanMessages(): { message: string; where: string }[] {
  const files = sourceFiles();
  const found = new Map<string, string>();

  function declarations(name: string, file: SourceFile, depth: number): [Node, SourceFile][] {
    const local = file.decls.get(name);
    if (local) return local.map((n) => [n, file]);
    const imported = file.imports.get(name);
    const target = imported && files.get(imported[0]);
    if (!target || depth > 5) return [];
    return declarations(imported![1], target, depth + 1);
  }

  function functionOf(node: Node): Node | undefined {
    if (["ArrowFunctionExpression", "FunctionExpression", "FunctionDeclaration"].includes(node.type)) return node;
    return undefined;
  }

  function returns(fn: Node): Node[] {
    if (fn.expression || fn.body?.type !== "BlockStatement") return [fn.body];
    const out: Node[] = [];
    const visit = (node: Node) => {
      if (node.type === "ReturnStatement" && node.argument) out.push(node.argument);
      if (!functionOf(node)) for (const child of children(node)) visit(child);
    };
    for (const child of children(fn.body)) visit(child);
    return out;
  }

  function messagesOf(node: Node | null | undefined, file: SourceFile, bindings: Bindings, depth = 0): string[] {
    if (!node || depth > 12) return [];
    const next = (n: Node, f = file, b = bindings) => messagesOf(n, f, b, depth + 1);
    if (WRAPPERS.has(node.type)) return next(node.expression);
    switch (node.type) {
      case "Literal":
        return typeof node.value === "string" || typeof node.value === "number" ? [String(node.value)] : [];
      case "TemplateLiteral": {
        let variants = [node.quasis[0].value.cooked as string];
        node.expressions.forEach((expression: Node, i: number) => {
          const values = next(expression);
          const fill = values.length > 0 ? values : [sample(file.text.slice(expression.start, expression.end))];
          variants = variants.flatMap((v) => fill.map((f) => v + f + node.quasis[i + 1].value.cooked)).slice(0, 64);
        });
        return variants;
      }
      case "ConditionalExpression":
        return [...next(node.consequent), ...next(node.alternate)];
      case "LogicalExpression":
        return [...next(node.left), ...next(node.right)];
      case "Identifier": {
        const bound = bindings.get(node.name);
        if (bound) return bound;
        return declarations(node.name, file, 0).flatMap(([decl, f]) => (functionOf(decl) ? [] : next(decl, f, new Map())));
      }
      case "MemberExpression": {
        if (node.computed || node.object.type !== "Identifier") return [];
        return declarations(node.object.name, file, 0).flatMap(([decl, f]) => {
          let object = decl;
          while (WRAPPERS.has(object.type)) object = object.expression;
          if (object.type !== "ObjectExpression") return [];
          const property = object.properties.find((p: Node) => p.type === "Property" && (p.key.name ?? p.key.value) === node.property.name);
          return property ? next(property.value, f, new Map()) : [];
        });
      }
      case "CallExpression": {
        const callee = node.callee;
        if (callee.type === "MemberExpression" && callee.property.name === "toLowerCase") return next(callee.object).map((s) => s.toLowerCase());
        if (callee.type !== "Identifier") return [];
        return declarations(callee.name, file, 0).flatMap(([decl, f]) => {
          const fn = functionOf(decl);
          if (!fn) return [];
          const bound = new Map<string, string[]>();
          fn.params.forEach((param: Node, i: number) => {
            const name = param.type === "AssignmentPattern" ? param.left.name : param.name;
            const values = node.arguments[i] ? next(node.arguments[i]) : [];
            if (name && values.length > 0) bound.set(name, values);
          });
          return returns(fn).flatMap((r) => next(r, f, bound));
        });
      }
      default:
        return [];
    }
  }

  /** Parameters that reach a message: function name → parameter positions (followed to the callers). */
  const passedOn = new Map<string, Set<number>>();

  /** The messages `node` can be; `fields`: an object of field messages (badRequest's argument). */
  const add = (node: Node | null | undefined, file: SourceFile, parents: Node[], fields = false) => {
    let top = node;
    while (top && WRAPPERS.has(top.type)) top = top.expression;
    const nodes: Node[] = fields && top?.type === "ObjectExpression" ? top.properties.map((p: Node) => p.value) : top ? [top] : [];
    for (const n of nodes) {
      const messages = messagesOf(n, file, new Map());
      if (messages.length === 0 && n.type === "Identifier") {
        // A parameter of the enclosing function: its callers pass the message.
        const fnIndex = parents.findLastIndex((p) => functionOf(p));
        const fn = parents[fnIndex];
        const holder = parents[fnIndex - 1];
        const name = fn?.id?.name ?? (holder?.type === "VariableDeclarator" ? holder.id?.name : undefined);
        const index = fn?.params.findIndex((p: Node) => (p.type === "AssignmentPattern" ? p.left.name : p.name) === n.name) ?? -1;
        if (name && index >= 0 && !SITE_CALLS.has(name)) passedOn.set(name, (passedOn.get(name) ?? new Set()).add(index));
      }
      for (const message of messages) {
        if (!/[A-Za-z]{2}/.test(message)) continue;
        const line = file.text.slice(0, n.start).split("\n").length;
        if (!found.has(message)) found.set(message, `${relative(ROOT, file.path)}:${line}`);
      }
    }
  };

  for (const file of files.values()) {
    walk(file.ast, (node, parents) => {
      const callee = node.callee?.type === "Identifier" ? node.callee.name : undefined;
      if ((node.type === "CallExpression" || node.type === "NewExpression") && callee && SITE_CALLS.has(callee)) {
        for (const arg of node.arguments) add(arg, file, parents, true);
      }
      // The helpers' own default messages (badRequest's "Validation failed").
      if (node.type === "VariableDeclarator" && SITE_CALLS.has(node.id?.name) && node.init && functionOf(node.init)) {
        for (const param of node.init.params) if (param.type === "AssignmentPattern") add(param.right, file, parents);
      }
      if (node.type === "ObjectExpression") {
        const props = node.properties.filter((p: Node) => p.type === "Property" && !(p.value.type === "ObjectExpression"));
        const key = (p: Node) => p.key.name ?? p.key.value;
        const message = props.find((p: Node) => key(p) === "message" && !p.computed);
        // `{ statusCode, message }`: an answer's body; `error`: a field message a helper returns.
        if (message && node.properties.some((p: Node) => p.type === "Property" && key(p) === "statusCode")) add(message.value, file, parents);
        for (const p of props) {
          if (key(p) === "x-message" || (p.computed && p.key.name === "MESSAGE_KEYWORD")) add(p.value, file, parents);
          if (key(p) === "error" && !p.computed && ["Literal", "TemplateLiteral"].includes(p.value.type)) add(p.value, file, parents);
        }
      }
      if (node.type === "AssignmentExpression" && node.left.type === "MemberExpression") {
        const object = node.left.object;
        const name = object.type === "Identifier" ? object.name : object.type === "MemberExpression" ? object.property.name : "";
        if (/errors$/i.test(name)) add(node.right, file, parents);
      }
      if (node.type === "ReturnStatement" && file.path.endsWith("server/plugins/errors.ts")) {
        if (parents.some((p) => p.type === "FunctionDeclaration" && p.id?.name === "fieldMessage")) add(node.argument, file, parents);
      }
    });
  }
  // Messages passed as arguments to a function that hands them on (assertRolesWithin(..., message)).
  for (let round = 0; round < 3 && passedOn.size > 0; round++) {
    const wanted = new Map(passedOn);
    passedOn.clear();
    for (const file of files.values()) {
      walk(file.ast, (node, parents) => {
        const positions = node.type === "CallExpression" && node.callee.type === "Identifier" ? wanted.get(node.callee.name) : undefined;
        for (const i of positions ?? []) if (node.arguments[i]) add(node.arguments[i], file, parents);
      });
    }
  }
  return [...found].map(([message, where]) => ({ message, where }));
}

describe("every server message has Indonesian", () => {
  let words: DefinitionWords;
  let messages: { message: string; where: string }[];
  beforeAll(async () => {
    words = definitionWords([...(await loadDefinitions()), usersDef, rolesDef]);
    messages = scanMessages();
  });

  it("finds the messages (the scan itself works)", () => {
    const texts = messages.map((m) => m.message);
    for (const expected of [
      "Conversation not found",
      "Validation failed",
      "Post saved",
      "must be at most 3 characters",
      "body is required",
      "Version 3 restored",
      "You cannot manage a user who holds permissions you do not hold",
    ]) {
      expect(texts).toContain(expected);
    }
    expect(messages.length).toBeGreaterThan(100);
  });

  it("translates each one (or keeps it on purpose)", () => {
    const missing = messages.filter(({ message }) => !kept.has(message) && translate(message, "id", words) === message);
    expect(missing.map(({ message, where }) => `${where}: ${message}`)).toEqual([]);
  });

  it("answers every keyword fieldMessage() words, in Indonesian", () => {
    const source = readFileSync(join(ROOT, "server/plugins/errors.ts"), "utf8");
    const body = source.slice(source.indexOf("function fieldMessage("), source.indexOf("export function validationErrors"));
    const keywords = [...body.matchAll(/case "(\w+)":/g)].map((m) => m[1]!);
    const cases: Record<string, Record<string, unknown>[]> = {
      required: [{ missingProperty: "title" }],
      maxLength: [{ limit: 160 }],
      minLength: [{ limit: 1 }, { limit: 8 }],
      minimum: [{ limit: 1 }],
      maximum: [{ limit: 100 }],
      type: ["string", "integer", "number", "boolean", "array", "object", "null", "string,null"].map((type) => ({ type })),
      pattern: [{}],
      format: ["email", "date-time", "uri", "date"].map((format) => ({ format })),
      additionalProperties: [{ additionalProperty: "colour" }],
      enum: [{ allowedValues: ["news", "life_club"] }],
    };
    expect(keywords.sort()).toEqual(Object.keys(cases).sort());
    const english: string[] = [];
    for (const keyword of keywords) {
      for (const params of cases[keyword]!) english.push(...Object.values(validationErrors([{ keyword, params, instancePath: "/title" }], "body")));
    }
    // Any other keyword answers ajv's own words (multiselects, unions of literals).
    const ajvOwn = [
      "must NOT have more than 10 items",
      "must NOT have fewer than 1 items",
      "must NOT have duplicate items (items ## 1 and 0 are identical)",
      "must be equal to constant",
      "must match a schema in anyOf",
      "must be multiple of 5",
    ];
    for (const message of ajvOwn) english.push(...Object.values(validationErrors([{ keyword: "other", message, instancePath: "/title" }], "body")));
    english.push(...Object.values(validationErrors([{ keyword: "other", instancePath: "/title" }], "body")));
    expect(english.length).toBeGreaterThan(20);
    for (const text of english) expect(translate(text, "id", words), text).not.toBe(text);
  });
});

// ---------------------------------------------------------------------------------------------

describe("answers in the request's language", () => {
  let t: TestApp;
  let manager: string;
  let editor: string;
  const id = { "accept-language": "id-ID,id;q=0.9,en;q=0.8" };
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await t.login(DEMO.manager.username, DEMO.manager.password);
    editor = await t.login(DEMO.editor.username, DEMO.editor.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const badPost = { title: "x".repeat(200), type: "nonsense", content: "<p>Hi</p>", slug: "Not A Slug", extra: 1 };

  it("words a 400's field messages in Indonesian for `Accept-Language: id`, in English without", async () => {
    const english = await t.app.inject({ method: "POST", url: "/api/posts", headers: bearer(manager, "JKT01"), payload: badPost });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      message: "Validation failed",
      errors: {
        title: "must be at most 160 characters",
        type: "must be one of: life_club, exhibition, special_event, news",
        slug: "Use lower-case letters, digits and single dashes",
        extra: "is not a known field",
      },
    });
    const res = await t.app.inject({ method: "POST", url: "/api/posts", headers: { ...bearer(manager, "JKT01"), ...id }, payload: badPost });
    expect(res.statusCode).toBe(400);
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      message: "Validasi gagal",
      errors: {
        title: "maksimal 160 karakter",
        type: "harus salah satu dari: life_club, exhibition, special_event, news",
        slug: "Gunakan huruf kecil, angka, dan tanda hubung tunggal",
        extra: "bukan kolom yang dikenal",
      },
    });
    const missing = await t.app.inject({ method: "POST", url: "/api/posts", headers: { ...bearer(manager, "JKT01"), ...id }, payload: {} });
    expect(missing.json().errors).toMatchObject({ title: "title wajib diisi", slug: "slug wajib diisi" });
  });

  it("words 403, 404 and 409 messages", async () => {
    const forbidden = await t.app.inject({ method: "GET", url: "/api/activity", headers: { ...bearer(manager, "JKT01"), ...id } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("Hanya superadmin yang dapat melihat log aktivitas");
    const notAssigned = await t.app.inject({ method: "GET", url: "/api/posts", headers: { ...bearer(editor, "BDG01"), ...id } });
    expect(notAssigned.statusCode).toBe(403);
    expect(notAssigned.json().message).toBe("Anda tidak ditugaskan di center ini");
    const missing = await t.app.inject({ method: "GET", url: "/api/chats/conversations/999999", headers: { ...bearer(manager, "JKT01"), ...id } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Percakapan tidak ditemukan");
    const list = await t.app.inject({ method: "GET", url: "/api/posts?limit=1", headers: bearer(manager, "JKT01") });
    const post = list.json().data.docs[0];
    const stale = await t.app.inject({
      method: "PUT",
      url: `/api/posts/${post.id}`,
      headers: { ...bearer(manager, "JKT01"), ...id },
      payload: { title: post.title, slug: post.slug, type: post.type, content: post.content, version: post.version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("Orang lain telah menyimpan data ini sejak Anda membukanya");
    expect(stale.json().data.current.id).toBe(post.id);
  });

  it("words errors the error handler answers before any route: 401, 404, malformed JSON", async () => {
    const unauthorized = await t.app.inject({ method: "GET", url: "/api/posts", headers: id });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json().message).toBe("Anda perlu login terlebih dahulu");
    const nowhere = await t.app.inject({ method: "GET", url: "/api/nowhere", headers: id });
    expect(nowhere.json()).toEqual({ statusCode: 404, message: "Tidak ditemukan" });
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", ...id },
      payload: '{"username": ',
    });
    expect(malformed.json()).toEqual({ statusCode: 400, message: "Isi permintaan bukan JSON yang valid" });
    const plain = await t.app.inject({ method: "POST", url: "/api/auth/login", headers: { "content-type": "application/xml", ...id }, payload: "<hello/>" });
    expect(plain.json()).toEqual({ statusCode: 415, message: "Jenis media tidak didukung" });
  });

  it("words a success toast", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { ...bearer(manager, "JKT01"), ...id },
      payload: { title: "Kelas percakapan", slug: "kelas-percakapan", type: "news", content: "<p>Halo</p>" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Postingan diajukan untuk persetujuan");
    const english = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: bearer(manager, "JKT01"),
      payload: { title: "Conversation class", slug: "conversation-class", type: "news", content: "<p>Hi</p>" },
    });
    expect(english.json().message).toBe("Post submitted for approval");
    const canned = await t.app.inject({
      method: "POST",
      url: "/api/chats/canned-replies",
      headers: { ...bearer(manager, "JKT01"), ...id },
      payload: { short_code: "jadwal", text: "Jadwal kelas ada di situs web kami." },
    });
    expect(canned.json().message).toBe("Balasan cepat disimpan");
  });

  it("words a bulk decision's summary and each refused item's reason", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/approvals/bulk",
      headers: { ...bearer(manager, "JKT01"), ...id },
      payload: { action: "approve", ids: [999999] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "0 disetujui, 1 gagal", data: { succeeded: [], failed: [{ id: 999999, message: "Tidak ditemukan" }] } });
  });

  it("says the answer varies with Accept-Language, in English too", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nowhere" });
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.json()).toEqual({ statusCode: 404, message: "Not found" });
  });

  it("keeps the spec's strings as they are", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/a/verify/___pc?key=user_management&mode=read",
      headers: { ...bearer(editor, "JKT01"), ...id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You don't have permission to access this page");
  });

  it("leaves what is not an envelope alone", async () => {
    const csv = await t.app.inject({ method: "GET", url: "/api/posts/export.csv", headers: { ...bearer(manager, "JKT01"), ...id } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const openapi = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: id });
    expect(openapi.statusCode).toBe(200);
    expect(openapi.json().openapi).toBeDefined();
  });
});
