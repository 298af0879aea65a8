import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Input from "antd/es/input";
import { EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import { authProvider } from "../app/services";
import { t } from "../i18n";
import { EntryFrame } from "./EntryFrame";

/** Spec §9: the button stays in loading for 2 s, however fast the server answers. */
export const LOGIN_MIN_LOADING_MS = 2000;
const REDIRECT_AFTER_SUCCESS_MS = 600;

type Phase = "idle" | "loading" | "success";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function Login() {
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase !== "idle") return;
    setPhase("loading");
    setError(null);
    // No client-side rules (spec §5): both fields go to the server as typed.
    const [result] = await Promise.all([authProvider.login({ username, password }), sleep(LOGIN_MIN_LOADING_MS)]);
    if (!result.success) {
      setError(result.error?.message ?? t("login.errorNetwork"));
      setPhase("idle");
      return;
    }
    setPhase("success");
    setTimeout(() => navigate(result.redirectTo ?? "/", { replace: true }), REDIRECT_AFTER_SUCCESS_MS);
  }

  const label = phase === "loading" ? t("login.loading") : phase === "success" ? t("login.success") : t("login.submit");

  return (
    <EntryFrame title={t("login.title")} subtitle={t("login.prompt")}>
      <form className="entry__form" onSubmit={submit} noValidate>
        <label className="entry__label" htmlFor="login-username">
          {t("login.username")}
        </label>
        <Input
          id="login-username"
          name="username"
          size="large"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          disabled={phase === "success"}
        />
        <label className="entry__label" htmlFor="login-password">
          {t("login.password")}
        </label>
        <Input.Password
          id="login-password"
          name="password"
          size="large"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={phase === "success"}
          iconRender={(visible) => (
            <span role="button" aria-label={visible ? t("login.hidePassword") : t("login.showPassword")} className="entry__eye">
              {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            </span>
          )}
        />
        {error && <Alert className="entry__alert" type="error" showIcon message={error} role="alert" />}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={phase === "loading"}
          className={phase === "success" ? "entry__success" : undefined}
        >
          {label}
        </Button>
      </form>
    </EntryFrame>
  );
}
