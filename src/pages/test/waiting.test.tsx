// index.html paints 'Please Wait...' before any script runs; React then renders Waiting in its place
// while a screen's code loads. Both must be the same markup, or the first screen jumps.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Waiting } from "../Waiting";

describe("Waiting", () => {
  it("is the markup index.html paints first", () => {
    const html = readFileSync(resolve(process.cwd(), "index.html"), "utf8");
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<Waiting />));
  });

  it("says the spec's words and is announced as busy", () => {
    const markup = renderToStaticMarkup(<Waiting />);
    expect(markup).toContain('<p role="status">Please Wait...</p>');
    expect(markup).toContain('aria-busy="true"');
  });
});
