import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptSources } from "../http/inlineScripts.js";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptSources", () => {
  it("hashes each inline script once, and skips scripts with a src and empty ones", () => {
    const html = `<head><script>a()</script><SCRIPT type="text/javascript">b()</SCRIPT><script type="module" src="/x.js"></script><script> </script><script>a()</script></head>`;
    expect(inlineScriptSources(html)).toEqual([sha("a()"), sha("b()")]);
  });

  it("hashes the script's exact text, whitespace included", () => {
    expect(inlineScriptSources("<script>\n  go()\n</script>")).toEqual([sha("\n  go()\n")]);
  });
});
