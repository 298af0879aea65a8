// Stands in for react-markdown and remark-gfm (see vite.config.ts): only @refinedev/antd's
// MarkdownField imports them, and the console never renders one. Using it fails loudly.
export default function markdownNotBundled(): never {
  throw new Error("Markdown rendering is not bundled in the console (vite.config.ts aliases it away)");
}
