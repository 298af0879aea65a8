import type { AuthProvider } from "@refinedev/core";
import type { AssignmentRole, LoginAnswer, LoginBody, PermissionEntry, SessionAnswer } from "../protocol/api";
import type { LoginResult, SecondStepAnswer } from "../protocol/twoFactor";
import { getLocale, setLocale, t } from "./i18n";
import { HttpError } from "./http";
import { singleDoc } from "./dataProvider";
import type { ListData, Loader } from "./loader";
import { isSuperadmin, session, type SessionUser } from "./session";

export type { PermissionEntry };

/** What the console keeps of `___ca`'s answer. */
export type SessionCheck = Pick<SessionAnswer, "permissions" | "center">;

export interface Identity extends SessionUser {
  roleName: string | null;
  center: SessionCheck["center"];
}

export interface AuthProviderOptions {
  load: Loader;
  /** Drops every cache that holds the previous user's answers (queries, permission checks). */
  clearCaches?: () => void;
  /** The one guarded sign-out used for 401s (see signOut.ts). */
  onUnauthorized?: () => void;
  /** Arms the 401 guard again after a new sign-in. */
  onSignedIn?: () => void;
}

/** A sign-in the server has completed: where to go, and whether the account's language differs from this tab's. */
export type SignedIn = {
  success: true;
  redirectTo: string;
  languageChanged: boolean;
};

/** What the password step ends in: signed in, a failure (`error`), or a second step to take (`secondStep`). */
export type LoginOutcome = {
  success: boolean;
  redirectTo?: string;
  languageChanged?: boolean;
  error?: Error;
  secondStep?: SecondStepAnswer;
};

export type ConsoleAuthProvider = Omit<AuthProvider, "login"> & {
  /**
   * The password step: signed in, or (`secondStep`) a second factor must follow (or be set up)
   * before the server opens a session.
   */
  login: (params: { username: string; password: string }) => Promise<LoginOutcome>;
  /** Keeps the session the server opened (after the password, or after the second step). */
  completeSignIn: (data: LoginAnswer) => Promise<SignedIn>;
  /** `___ca` for the caller at the selected center; remembered until refresh or sign-out. */
  sessionCheck: (fresh?: boolean) => Promise<SessionCheck>;
};

export function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) {
    return t("login.errorPrefix") + error.message;
  }
  return t("login.errorNetwork");
}

/** The session check (`___ca`): who the caller is at the selected center, with its permission matrix. */
export const SESSION_CHECK_URL = "/api/a/verify/___ca";

export function createAuthProvider({ load, clearCaches, onUnauthorized, onSignedIn }: AuthProviderOptions): ConsoleAuthProvider {
  let current: Promise<SessionCheck> | null = null;

  function sessionCheck(fresh = false): Promise<SessionCheck> {
    if (!current || fresh) {
      const request = load<SessionAnswer>({ method: "GET", url: SESSION_CHECK_URL }).then(({ data }) => ({
        permissions: data?.permissions ?? [],
        center: data?.center ?? null,
      }));
      current = request;
      request.catch(() => {
        if (current === request) current = null;
      });
    }
    return current;
  }

  /** The role shown in the sidebar comes from the selected assignment (spec §7). */
  async function roleNameOf(user: SessionUser, center: SessionCheck["center"]): Promise<string | null> {
    if (isSuperadmin(user)) return t("sidebar.superadmin");
    const assignmentId = session.getCenter()?.assignmentId;
    if (!assignmentId) return center?.role_name ?? null;
    const { data } = await load<ListData<AssignmentRole>>({
      method: "GET",
      url: `/api/permissions/assignment/${assignmentId}`,
    });
    return singleDoc(data).name;
  }

  function forget() {
    current = null;
    clearCaches?.();
  }

  async function completeSignIn(data: LoginAnswer): Promise<SignedIn> {
    session.setUser({
      id: data.id,
      token: data.token,
      fullname: data.fullname,
      username: data.username,
      user_type: data.user_type,
    });
    onSignedIn?.();
    // The language this user chose on any device wins over this browser's.
    const languageChanged = !!data.locale && data.locale !== getLocale();
    if (languageChanged) await setLocale(data.locale!);
    return { success: true, redirectTo: isSuperadmin(data) ? "/app/welcome" : "/pick-center", languageChanged };
  }

  return {
    sessionCheck,
    completeSignIn,

    async login({ username, password }: { username: string; password: string }) {
      session.clear();
      forget();
      try {
        const { data } = await load<LoginResult>({ method: "POST", url: "/api/auth/login", body: { username, password } satisfies LoginBody });
        if ("second_step" in data) return { success: false as const, secondStep: data };
        return await completeSignIn(data);
      } catch (error) {
        return { success: false as const, error: { name: "Login", message: loginErrorMessage(error) } };
      }
    },

    async logout() {
      // The server ends the session, so the token is worthless even if something kept a copy.
      // Signing out never waits on it: a failure (offline, already expired) still signs out here.
      const token = session.getUser()?.token;
      // The token travels explicitly: the session is cleared before the request is sent.
      if (token) void load({ method: "POST", url: "/api/auth/logout", headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
      session.clear();
      forget();
      return { success: true, redirectTo: "/" };
    },

    async check() {
      if (!session.getUser()) return { authenticated: false, redirectTo: "/login", logout: true };
      try {
        await sessionCheck();
        return { authenticated: true };
      } catch (error) {
        return { authenticated: false, redirectTo: "/login", logout: true, error: error as Error };
      }
    },

    async getPermissions() {
      if (!session.getUser()) return [];
      return (await sessionCheck()).permissions;
    },

    async getIdentity(): Promise<Identity | null> {
      const user = session.getUser();
      if (!user) return null;
      const { center } = await sessionCheck();
      return { ...user, roleName: await roleNameOf(user, center), center };
    },

    async onError(error: unknown) {
      if (error instanceof HttpError || (error && typeof error === "object" && "statusCode" in error)) {
        if ((error as HttpError).statusCode === 401) onUnauthorized?.();
      }
      // The guarded sign-out above already redirects; Refine must not redirect a second time.
      return {};
    },
  };
}

/** Menu groups are shown where allow_read is not 0 (spec §2). */
export const canRead = (permissions: PermissionEntry[] | undefined, key: string) =>
  !!permissions?.some((p) => p.set?.permission_key === key && Number(p.allow_read) !== 0);
