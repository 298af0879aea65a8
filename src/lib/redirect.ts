/**
 * Where `?to=` may send someone after signing in: a path of the console (/app or under it) on this
 * origin, or null. Refuses other origins in every spelling (`//evil.com`, `https://…`, `/\evil`),
 * and anything outside /app.
 */
export function safeConsolePath(to: string | null | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a redirect target must not hold.
  if (!to || to.length > 2000 || !to.startsWith("/") || to.startsWith("//") || /[\\\u0000-\u001f]/.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, "http://console.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://console.invalid") return null;
  if (url.pathname !== "/app" && !url.pathname.startsWith("/app/")) return null;
  return url.pathname + url.search + url.hash;
}
