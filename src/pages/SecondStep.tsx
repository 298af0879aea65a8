// The second step of a sign-in, after a right password and before any session exists: a code
// from the authenticator app, a recovery code or a passkey; or, for a user whose role requires a
// second factor and who has none, setting up the authenticator there and then (nothing else is
// open to them until it is done). Loaded only when a sign-in needs it: no UI library, like the
// sign-in screen it continues.
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { LoginAnswer } from "../../protocol/api";
import type { EnrolledAnswer, SecondFactorAnswer, SecondStepAnswer, TotpSetup } from "../../protocol/twoFactor";
import { HttpError } from "../../providers/http";
import { t } from "../../providers/i18n";
import "../../providers/i18n/twoFactor";
import { load } from "../app/services";
import { CODE_LENGTH, codeDigits, groupedKey, passkeyAssertion, qrCodeImage } from "../lib/twoFactor";
import { EntryFrame } from "./EntryFrame";
import { LOGIN_MIN_LOADING_MS } from "./Login";
import "./secondStep.css";

type Phase = "idle" | "loading" | "success";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SecondStepProps {
  answer: SecondStepAnswer;
  /** The server opened the session. */
  onSignedIn: (data: LoginAnswer) => void;
  /** Back to the password (the ticket expired, or the user asked): with a message to show there. */
  onCancel: (message?: string) => void;
}

export default function SecondStep(props: SecondStepProps) {
  return props.answer.second_step === "enrol" ? <Enrol {...props} /> : <Verify {...props} />;
}

/** What a failed step says: the server's reason for a refused code, else the spec's network message. */
function failure(error: unknown, onCancel: (message?: string) => void): string | null {
  if (error instanceof HttpError && error.statusCode === 401) {
    onCancel(t("twoFactor.expired"));
    return null;
  }
  if (error instanceof HttpError && [400, 403, 404, 409, 429].includes(error.statusCode)) return t("login.errorPrefix") + error.message;
  return t("login.errorNetwork");
}

/**
 * A step's call to the server: 'loading' for at least the sign-in's 2 s, then its answer, or null
 * with the reason it failed in `error` (and back to 'idle').
 */
function useAttempt(onCancel: (message?: string) => void) {
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  async function attempt<T>(call: () => Promise<T>): Promise<T | null> {
    if (phase !== "idle") return null;
    setPhase("loading");
    setError(null);
    const [outcome] = await Promise.all([
      call().then(
        (data) => ({ data }),
        (failed: unknown) => ({ failed }),
      ),
      sleep(LOGIN_MIN_LOADING_MS),
    ]);
    if ("failed" in outcome) {
      setError(failure(outcome.failed, onCancel));
      setPhase("idle");
      return null;
    }
    return outcome.data;
  }
  return { phase, setPhase, error, setError, attempt };
}

function ErrorNote({ error }: { error: string | null }) {
  return error ? (
    <div className="entry__error" role="alert">
      {error}
    </div>
  ) : null;
}

/**
 * The spec's sign-in button: 'Memuat...' while loading (at least 2 s), 'Login Sukses, Mohon tunggu'
 * on success. With `onClick` it submits nothing (the recovery codes' "saved").
 */
function SubmitButton({ phase, onClick, children }: { phase: Phase; onClick?: () => void; children: string }) {
  const label = phase === "loading" ? t("login.loading") : phase === "success" ? t("login.success") : children;
  return (
    <button
      type={onClick ? "button" : "submit"}
      onClick={onClick}
      className={`entry__submit${phase === "success" ? " entry__submit--success" : ""}`}
      aria-busy={phase === "loading"}
      disabled={phase !== "idle"}
    >
      {phase === "loading" && <span className="entry__spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}

/** The spec's one-time-code input: 6 characters, digits only, filled in by the phone where it can. */
function CodeInput({ id, value, onChange, readOnly }: { id: string; value: string; onChange: (value: string) => void; readOnly: boolean }) {
  return (
    <input
      id={id}
      className="entry__input second-step__code"
      name="one-time-code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      // biome-ignore lint/a11y/noAutofocus: this step is the page now, and the code is all it asks.
      autoFocus
      value={value}
      onChange={(e) => onChange(codeDigits(e.target.value))}
      readOnly={readOnly}
    />
  );
}

function Verify({ answer, onSignedIn, onCancel }: SecondStepProps) {
  const [mode, setMode] = useState<"totp" | "recovery">("totp");
  const [value, setValue] = useState("");
  const { phase, setPhase, error, setError, attempt } = useAttempt(onCancel);
  const canRecover = answer.methods.includes("recovery");
  const canPasskey = answer.methods.includes("passkey");

  async function run(call: () => Promise<LoginAnswer>) {
    const data = await attempt(call);
    if (!data) return;
    setPhase("success");
    onSignedIn(data);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = mode === "totp" ? { ticket: answer.ticket, code: value } : { ticket: answer.ticket, recovery_code: value };
    void run(async () => (await load<SecondFactorAnswer>({ method: "POST", url: "/api/auth/login/second-factor", body })).data);
  }

  function signInWithPasskey() {
    void run(async () => {
      const { data } = await load<{ options: Record<string, unknown> }>({
        method: "POST",
        url: "/api/auth/login/passkey-options",
        body: { ticket: answer.ticket },
      });
      let credential: unknown;
      try {
        credential = await passkeyAssertion(data.options);
      } catch {
        // Cancelled, timed out, or no such passkey here: the code still works.
        throw new HttpError(t("twoFactor.passkeyFailed"), 400);
      }
      return (await load<LoginAnswer>({ method: "POST", url: "/api/auth/login/passkey", body: { ticket: answer.ticket, credential } })).data;
    });
  }

  const switchTo = (next: "totp" | "recovery") => {
    setMode(next);
    setValue("");
    setError(null);
  };
  const busy = phase !== "idle";
  const inputId = mode === "totp" ? "second-step-code" : "second-step-recovery";

  return (
    <EntryFrame title={t("login.title")} subtitle={t(mode === "totp" ? "twoFactor.verifyPrompt" : "twoFactor.recoveryPrompt")}>
      <form className="entry__form" onSubmit={submit} noValidate>
        <label className="entry__label" htmlFor={inputId}>
          {t(mode === "totp" ? "twoFactor.code" : "twoFactor.recoveryCode")}
        </label>
        {mode === "totp" ? (
          <CodeInput id={inputId} value={value} onChange={setValue} readOnly={phase === "success"} />
        ) : (
          <input
            id={inputId}
            className="entry__input second-step__code"
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            // biome-ignore lint/a11y/noAutofocus: the user just asked for this field.
            autoFocus
            value={value}
            onChange={(e) => setValue(e.target.value)}
            readOnly={phase === "success"}
          />
        )}
        <ErrorNote error={error} />
        <SubmitButton phase={phase}>{t("twoFactor.verify")}</SubmitButton>
      </form>
      <div className="second-step__links">
        {canRecover && (
          <button type="button" className="second-step__link" disabled={busy} onClick={() => switchTo(mode === "totp" ? "recovery" : "totp")}>
            {t(mode === "totp" ? "twoFactor.useRecoveryCode" : "twoFactor.useAuthenticator")}
          </button>
        )}
        {canPasskey && (
          <button type="button" className="second-step__link" disabled={busy} onClick={signInWithPasskey}>
            {t("twoFactor.usePasskey")}
          </button>
        )}
        <button type="button" className="second-step__link" disabled={busy} onClick={() => onCancel()}>
          {t("twoFactor.backToSignIn")}
        </button>
      </div>
    </EntryFrame>
  );
}

function Enrol({ answer, onSignedIn, onCancel }: SecondStepProps) {
  const [setup, setSetup] = useState<(TotpSetup & { qr: string | null }) | null>(null);
  const [value, setValue] = useState("");
  const { phase, setPhase, error, setError, attempt } = useAttempt(onCancel);
  const [enrolled, setEnrolled] = useState<EnrolledAnswer | null>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;

  useEffect(() => {
    let live = true;
    load<TotpSetup>({ method: "POST", url: "/api/auth/login/enrol", body: { ticket: answer.ticket } }).then(
      async ({ data }) => {
        if (!live) return;
        setSetup({ ...data, qr: null });
        // The key as text works without the picture: a failed QR code only hides the picture.
        const qr = await qrCodeImage(data.uri).catch(() => null);
        if (live) setSetup({ ...data, qr });
      },
      (failed: unknown) => live && setError(failure(failed, (message) => cancel.current(message))),
    );
    return () => {
      live = false;
    };
  }, [answer.ticket, setError]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!setup) return;
    const data = await attempt(
      async () => (await load<EnrolledAnswer>({ method: "POST", url: "/api/auth/login/enrol/confirm", body: { ticket: answer.ticket, code: value } })).data,
    );
    if (!data) return;
    setPhase("idle");
    setEnrolled(data);
  }

  if (enrolled) return <RecoveryCodes codes={enrolled.recovery_codes} onDone={() => onSignedIn(enrolled)} />;

  return (
    <EntryFrame title={t("login.title")} subtitle={t("twoFactor.enrolRequired")}>
      <form className="entry__form" onSubmit={submit} noValidate>
        <h2 className="second-step__heading">{t("twoFactor.enrolTitle")}</h2>
        <p className="second-step__text">{t("twoFactor.scan")}</p>
        <div className="second-step__qr">
          {setup?.qr ? <img src={setup.qr} alt={t("twoFactor.qrAlt")} width={176} height={176} /> : <span className="second-step__qr-space" />}
        </div>
        <label className="entry__label" htmlFor="second-step-key">
          {t("twoFactor.cantScan")}
        </label>
        {/* Two lines on a phone rather than a key cut off at the edge. */}
        <textarea
          id="second-step-key"
          className="entry__input second-step__key"
          readOnly
          rows={2}
          value={setup ? groupedKey(setup.secret) : ""}
          onFocus={(e) => e.target.select()}
        />
        <label className="entry__label" htmlFor="second-step-code">
          {t("twoFactor.confirmCode")}
        </label>
        <CodeInput id="second-step-code" value={value} onChange={setValue} readOnly={phase === "success"} />
        <ErrorNote error={error} />
        <SubmitButton phase={phase}>{t("twoFactor.confirm")}</SubmitButton>
      </form>
      <div className="second-step__links">
        <button type="button" className="second-step__link" disabled={phase !== "idle"} onClick={() => onCancel()}>
          {t("twoFactor.backToSignIn")}
        </button>
      </div>
    </EntryFrame>
  );
}

/** The ten recovery codes, shown once: the session goes on when the user says they are kept. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the user typed into is gone: reading continues at this step's heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <EntryFrame title={t("login.title")}>
      <h2 className="second-step__heading" tabIndex={-1} ref={heading}>
        {t("twoFactor.recoveryTitle")}
      </h2>
      <p className="second-step__text">{t("twoFactor.recoveryHint")}</p>
      <ol className="second-step__codes" aria-label={t("twoFactor.recoveryCodes")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="entry__form">
        <button
          type="button"
          className="second-step__secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(codes.join("\n")).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t("twoFactor.copied") : t("twoFactor.copyCodes")}
        </button>
        <SubmitButton
          phase={leaving ? "success" : "idle"}
          onClick={() => {
            setLeaving(true);
            onDone();
          }}
        >
          {t("twoFactor.saved")}
        </SubmitButton>
      </div>
    </EntryFrame>
  );
}
