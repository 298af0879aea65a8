// The three things the console keeps in local storage (spec §3), behind one small API.
export interface SessionUser {
  id: number;
  token: string;
  fullname: string;
  username?: string;
  user_type: string;
}

export interface SelectedCenter {
  code: string;
  assignmentId: number | null;
}

export const STORAGE_KEYS = {
  user: "cc.user",
  center: "cc.center",
  assignment: "cc.assignment",
} as const;

/** Where the center a user picked last is kept, per user, across sign-outs. */
export const lastCenterKey = (userId: number) => `cc.lastCenter.${userId}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Settles once the answer carrying this session's next token has arrived (see renewToken). */
let renewal: Promise<void> | null = null;

export const session = {
  getUser(): SessionUser | null {
    const raw = read(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      const user = JSON.parse(raw) as SessionUser;
      return user && typeof user.token === "string" ? user : null;
    } catch {
      return null;
    }
  },
  setUser(user: SessionUser): void {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  },
  setToken(token: string): void {
    const user = session.getUser();
    if (user) session.setUser({ ...user, token });
  },
  /**
   * Makes a call that gives this session a new token (a new password, a second factor set up) and
   * stores the token its answer carries. The server refuses the old token from the moment it
   * commits, before that answer reaches the tab: a refusal meanwhile waits for it
   * (tokenRenewal) and is tried again with the new token rather than signing the tab out.
   */
  renewToken<T>(call: Promise<T>, tokenOf: (answer: T) => string | undefined): Promise<T> {
    const answered = call.then((answer) => {
      const token = tokenOf(answer);
      if (token) session.setToken(token);
      return answer;
    });
    const settled = answered.then(
      () => undefined,
      () => undefined,
    );
    renewal = settled;
    void settled.then(() => {
      if (renewal === settled) renewal = null;
    });
    return answered;
  },
  /** While a new token for this session is on its way: settles when it has been stored (or refused). */
  tokenRenewal(): Promise<void> | null {
    return renewal;
  },
  getCenter(): SelectedCenter | null {
    const code = read(STORAGE_KEYS.center);
    if (!code) return null;
    const assignment = Number(read(STORAGE_KEYS.assignment));
    return { code, assignmentId: Number.isInteger(assignment) && assignment > 0 ? assignment : null };
  },
  setCenter(center: SelectedCenter): void {
    localStorage.setItem(STORAGE_KEYS.center, center.code);
    if (center.assignmentId) localStorage.setItem(STORAGE_KEYS.assignment, String(center.assignmentId));
    else localStorage.removeItem(STORAGE_KEYS.assignment);
    // Picked or switched to: the one to preselect next time this user picks a center.
    const user = session.getUser();
    if (user) session.rememberCenter(user.id, center.code);
  },
  /** The center this user picked last, kept across sign-outs (per user) to preselect it on pick-center. */
  getLastCenter(userId: number): string | null {
    return read(lastCenterKey(userId));
  },
  rememberCenter(userId: number, code: string): void {
    try {
      localStorage.setItem(lastCenterKey(userId), code);
    } catch {
      // Storage full or blocked: only the preselection is lost.
    }
  },
  clear(): void {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  },
};

export const isSuperadmin = (user: Pick<SessionUser, "user_type"> | null) => user?.user_type === "superadmin";

/** Center staff pick a center and may switch it; their user_type starts with 'center_'. */
export const isCenterUser = (user: Pick<SessionUser, "user_type"> | null) => !!user && user.user_type.startsWith("center_");
