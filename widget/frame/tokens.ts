// Where the frame keeps a center's visitor token, so a conversation survives the page's reload:
// the frame's own localStorage (our origin; browsers partition it by the website around it). A
// browser that denies storage to third-party frames (Chrome's incognito windows, "block
// third-party cookies") still accepts a partitioned cookie (CHIPS) in a secure context, scoped to
// the frame's path; failing both, the token lasts as long as the frame. The website's own cookies
// and storage are never touched: this runs on our origin.
export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

const COOKIE_DAYS = 180;

export function tokenStore(win: Window, key: string): TokenStore {
  let memory: string | null = null;
  const name = encodeURIComponent(key);

  const storage = (): Storage | null => {
    try {
      const local = win.localStorage;
      local.getItem(key);
      return local;
    } catch {
      return null;
    }
  };

  function readCookie(): string | null {
    try {
      for (const part of win.document.cookie.split(";")) {
        const [k, ...v] = part.trim().split("=");
        if (k === name) return decodeURIComponent(v.join("=")) || null;
      }
    } catch {
      /* cookies denied too */
    }
    return null;
  }

  function writeCookie(token: string | null): void {
    if (!win.isSecureContext) return;
    const value = token ? encodeURIComponent(token) : "";
    const age = token ? COOKIE_DAYS * 86_400 : 0;
    try {
      win.document.cookie = `${name}=${value}; Path=/widget/frame; Max-Age=${age}; Secure; SameSite=None; Partitioned`;
    } catch {
      /* cookies denied too */
    }
  }

  return {
    get() {
      const local = storage();
      return local ? local.getItem(key) : (readCookie() ?? memory);
    },
    set(token) {
      memory = token;
      const local = storage();
      if (!local) return writeCookie(token);
      try {
        if (token) local.setItem(key, token);
        else local.removeItem(key);
      } catch {
        writeCookie(token);
      }
    },
  };
}
