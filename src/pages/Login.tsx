import { useState, type ComponentType, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { safeConsolePath } from "../lib/redirect";
import { loadAntdPatch } from "../lib/antdPatch";
import { authProvider } from "../app/services";
import type { SignedIn } from "../../providers/authProvider";
import type { LoginAnswer } from "../../protocol/api";
import type { SecondStepAnswer } from "../../protocol/twoFactor";
import type { SecondStepProps } from "./SecondStep";
import { t } from "../../providers/i18n";
import { EntryFrame } from "./EntryFrame";

/** Spec §9: the button stays in loading for 2 s, however fast the server answers. */
export const LOGIN_MIN_LOADING_MS = 2000;
const REDIRECT_AFTER_SUCCESS_MS = 600;

type Phase = "idle" | "loading" | "success";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The second step's screen, fetched only when a sign-in needs one (most need none). */
const loadSecondStep = () => import("./SecondStep").then((m) => m.default);

export default function Login() {
  const navigate = useNavigate();
  // A deep link (`/login?to=/app/careers/lists`) is honoured after signing in, for console paths only.
  const [search] = useSearchParams();
  const to = safeConsolePath(search.get("to"));
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  // A session the server refused for lacking a second factor comes back here, told why.
  const [notice, setNotice] = useState<string | null>(search.get("reason") === "second-factor" ? t("login.secondFactorNotice") : null);
  const [second, setSecond] = useState<{ answer: SecondStepAnswer; View: ComponentType<SecondStepProps> } | null>(null);

  function go(result: SignedIn) {
    const next = afterSignIn(result.redirectTo, to);
    // In the account's own language, screens already loaded in this tab are drawn anew by a full load.
    const move = result.languageChanged ? () => window.location.replace(next) : () => navigate(next, { replace: true });
    setTimeout(move, REDIRECT_AFTER_SUCCESS_MS);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase !== "idle") return;
    setPhase("loading");
    setError(null);
    // No client-side rules (spec §5): both fields go to the server as typed.
    // The next screen (pick-center or the console) uses antd: its React 19 patch loads meanwhile.
    setNotice(null);
    const [result] = await Promise.all([authProvider.login({ username, password }), sleep(LOGIN_MIN_LOADING_MS), loadAntdPatch()]);
    if (result.secondStep) {
      const answer = result.secondStep;
      const View = await loadSecondStep().catch(() => null);
      if (!View) setError(t("login.errorNetwork"));
      else setSecond({ answer, View });
      setPhase("idle");
      return;
    }
    if (!result.success) {
      setError(result.error?.message ?? t("login.errorNetwork"));
      setPhase("idle");
      return;
    }
    setPhase("success");
    go(result as SignedIn);
  }

  if (second) {
    const { View, answer } = second;
    return (
      <View
        answer={answer}
        onSignedIn={(data: LoginAnswer) => void authProvider.completeSignIn(data).then(go)}
        onCancel={(message) => {
          setSecond(null);
          setPassword("");
          setError(message ?? null);
        }}
      />
    );
  }

  const label = phase === "loading" ? t("login.loading") : phase === "success" ? t("login.success") : t("login.submit");

  const busy = phase !== "idle";
  return (
    <EntryFrame title={t("login.title")} subtitle={t("login.prompt")}>
      {notice && (
        <div className="entry__notice" role="status">
          {notice}
        </div>
      )}
      <form className="entry__form" onSubmit={submit} noValidate>
        <label className="entry__label" htmlFor="login-username">
          {t("login.username")}
        </label>
        <input
          id="login-username"
          className="entry__input"
          name="username"
          autoComplete="username"
          // biome-ignore lint/a11y/noAutofocus: the page is this form and nothing before it; whoever opens it came to type here.
          autoFocus
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          readOnly={phase === "success"}
        />
        <label className="entry__label" htmlFor="login-password">
          {t("login.password")}
        </label>
        <span className="entry__password">
          <input
            id="login-password"
            className="entry__input"
            name="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            readOnly={phase === "success"}
          />
          <button
            type="button"
            className="entry__eye"
            aria-label={showPassword ? t("login.hidePassword") : t("login.showPassword")}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((v) => !v)}
          >
            {showPassword ? <EyeOpen /> : <EyeClosed />}
          </button>
        </span>
        {error && (
          <div className="entry__error" role="alert">
            {error}
          </div>
        )}
        <button
          type="submit"
          className={`entry__submit${phase === "success" ? " entry__submit--success" : ""}`}
          aria-busy={phase === "loading"}
          disabled={busy}
        >
          {phase === "loading" && <span className="entry__spinner" aria-hidden="true" />}
          {label}
        </button>
      </form>
    </EntryFrame>
  );
}

/** Where signing in leads: the deep link instead of the welcome page, or carried through pick-center. */
export function afterSignIn(redirectTo: string, to: string | null): string {
  if (!to) return redirectTo;
  if (redirectTo === "/pick-center") return `/pick-center?to=${encodeURIComponent(to)}`;
  if (redirectTo.startsWith("/app")) return to;
  return redirectTo;
}

// Inline icons: the sign-in screen loads no UI library, so it paints with the least JavaScript.
const EyeOpen = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path
      fill="currentColor"
      d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5Zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z"
    />
  </svg>
);
const EyeClosed = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path
      fill="currentColor"
      d="M3.3 2 2 3.3l3.2 3.2C3.4 7.9 2.1 9.9 1.5 12c1.2 2.9 5 7 10.5 7 1.9 0 3.6-.5 5.1-1.3l3.6 3.6 1.3-1.3L3.3 2Zm8.7 14.5A4.5 4.5 0 0 1 7.5 12c0-.8.2-1.5.5-2.1l1.5 1.5a2.5 2.5 0 0 0 3.1 3.1l1.5 1.5c-.6.3-1.3.5-2.1.5ZM12 5c-1.3 0-2.5.2-3.6.6l2 2c.5-.1 1-.1 1.6-.1a4.5 4.5 0 0 1 4.5 4.5c0 .6-.1 1.1-.2 1.6l3 3c1.5-1.3 2.6-2.8 3.2-4.6C21.3 9.1 17.5 5 12 5Z"
    />
  </svg>
);
