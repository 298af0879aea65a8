// The signed-in user's own two-factor sign-in, beside Edit Password: set up an authenticator app
// (a QR code, and its key as text for apps without a camera), confirmed by a first code and
// followed by ten recovery codes shown once; new recovery codes; passkeys; turning it off where
// no role requires it. The QR code's and the passkeys' libraries load with their first use.
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Alert, Button, Card, Form, Input, Popconfirm, Space, Tag, Typography } from "antd";
import { DeleteOutlined, SafetyOutlined } from "@ant-design/icons";
import type { PasskeyInfo, RecoveryCodesAnswer, TotpConfirmed, TotpSetup, TwoFactorStatus } from "../../../protocol/twoFactor";
import { HttpError } from "../../../providers/http";
import { intlLocale, t } from "../../../providers/i18n";
import "../../../providers/i18n/twoFactor";
import { session } from "../../../providers/session";
import { load } from "../../app/services";
import { CODE_LENGTH, codeDigits, groupedKey, passkeyRegistration, passkeysSupported, qrCodeImage } from "../../lib/twoFactor";
import { PageTitle } from "../PageTitle";
import "./twoFactor.css";

const message = (error: unknown) => (error instanceof HttpError || error instanceof Error ? error.message : t("errors.network"));
const date = (iso: string) => new Date(iso).toLocaleDateString(intlLocale());

/** The spec's one-time-code input: 6 digits, filled in by the phone where it can. */
function CodeField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Form.Item label={label} htmlFor={id} style={{ marginBottom: 12 }}>
      <Input
        id={id}
        className="two-factor__code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={CODE_LENGTH}
        value={value}
        onChange={(e) => onChange(codeDigits(e.target.value))}
      />
    </Form.Item>
  );
}

/** Ten codes, shown once, with a way to copy them. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      message={t("twoFactor.recoveryTitle")}
      description={
        <>
          <p>{t("twoFactor.recoveryHint")}</p>
          <ol className="two-factor__codes" aria-label={t("twoFactor.recoveryCodes")}>
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <Space wrap>
            <Typography.Text copyable={{ text: codes.join("\n"), tooltips: [t("twoFactor.copyCodes"), t("twoFactor.copied")] }}>
              {t("twoFactor.copyCodes")}
            </Typography.Text>
            <Button type="primary" onClick={onDone}>
              {t("twoFactor.saved")}
            </Button>
          </Space>
        </>
      }
    />
  );
}

/** A small form asking for a current code before a change (new recovery codes, turning it off). */
function CodeAction({
  id,
  button,
  hint,
  danger,
  onSubmit,
}: {
  id: string;
  button: string;
  hint: string;
  danger?: boolean;
  onSubmit: (code: string) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!open)
    return (
      <Button danger={danger} onClick={() => setOpen(true)}>
        {button}
      </Button>
    );
  async function submit() {
    if (code.length !== CODE_LENGTH) return setFailure(t("twoFactor.codeRequired"));
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(code);
      setOpen(false);
      setCode("");
    } catch (error) {
      setFailure(message(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Form layout="vertical" onFinish={submit} className="two-factor__action">
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <CodeField id={id} label={t("twoFactor.code")} value={code} onChange={setCode} />
      {failure && <Alert type="error" showIcon message={failure} role="alert" style={{ marginBottom: 12 }} />}
      <Space wrap>
        <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
          {button}
        </Button>
        <Button onClick={() => setOpen(false)}>{t("twoFactor.cancel")}</Button>
      </Space>
    </Form>
  );
}

/** Setting up the authenticator app: the QR code and its key, then a first code. */
function Setup({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    load<TotpSetup>({ method: "POST", url: "/api/auth/two-factor/totp", body: {} }).then(
      ({ data }) => {
        if (!live) return;
        setSetup(data);
        void qrCodeImage(data.uri).then(
          (image) => live && setQr(image),
          () => undefined,
        );
      },
      (error: unknown) => live && setFailure(message(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  async function confirm() {
    if (code.length !== CODE_LENGTH) return setFailure(t("twoFactor.codeRequired"));
    setBusy(true);
    setFailure(null);
    try {
      // This session has now passed the second factor: its old token would be refused.
      const { data } = await session.renewToken(
        load<TotpConfirmed>({ method: "POST", url: "/api/auth/two-factor/totp/confirm", body: { code } }),
        (answer) => answer.data.token,
      );
      onDone(data.recovery_codes);
    } catch (error) {
      setFailure(message(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form layout="vertical" onFinish={confirm} className="two-factor__setup">
      <Typography.Paragraph>{t("twoFactor.scan")}</Typography.Paragraph>
      <div className="two-factor__qr">
        {qr ? <img src={qr} alt={t("twoFactor.qrAlt")} width={176} height={176} /> : <span className="two-factor__qr-space" />}
      </div>
      <Form.Item label={t("twoFactor.cantScan")} htmlFor="two-factor-key">
        {/* On two lines where the window is narrow, rather than cut off. */}
        <Input.TextArea
          id="two-factor-key"
          className="two-factor__key"
          readOnly
          autoSize
          value={setup ? groupedKey(setup.secret) : ""}
          onFocus={(e) => e.target.select()}
        />
      </Form.Item>
      <CodeField id="two-factor-code" label={t("twoFactor.confirmCode")} value={code} onChange={setCode} />
      {failure && <Alert type="error" showIcon message={failure} role="alert" style={{ marginBottom: 12 }} />}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!setup}>
          {t("twoFactor.confirm")}
        </Button>
        <Button onClick={onCancel}>{t("twoFactor.cancel")}</Button>
      </Space>
    </Form>
  );
}

function Passkeys({ passkeys, onChange }: { passkeys: PasskeyInfo[]; onChange: (status: TwoFactorStatus) => void }) {
  const [supported, setSupported] = useState<boolean | null>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    void passkeysSupported().then(setSupported, () => setSupported(false));
  }, []);

  async function add() {
    if (!name.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await load<{ options: Record<string, unknown> }>({ method: "POST", url: "/api/auth/two-factor/passkeys/options", body: {} });
      const credential = await passkeyRegistration(data.options);
      const added = await load<TwoFactorStatus>({ method: "POST", url: "/api/auth/two-factor/passkeys", body: { name: name.trim(), credential } });
      setName("");
      onChange(added.data);
    } catch (error) {
      setFailure(message(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: PasskeyInfo) {
    try {
      onChange((await load<TwoFactorStatus>({ method: "DELETE", url: `/api/auth/two-factor/passkeys/${passkey.id}` })).data);
    } catch (error) {
      setFailure(message(error));
    }
  }

  return (
    <section aria-labelledby="two-factor-passkeys" className="two-factor__section">
      <h3 id="two-factor-passkeys">{t("twoFactor.passkeys")}</h3>
      {passkeys.length === 0 ? (
        <Typography.Paragraph type="secondary">{t("twoFactor.noPasskeys")}</Typography.Paragraph>
      ) : (
        <ul className="two-factor__passkeys">
          {passkeys.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.name}</strong>
                <br />
                <Typography.Text type="secondary">
                  {t("twoFactor.addedOn", { date: date(p.created_at) })}
                  {p.last_used_at ? `, ${t("twoFactor.lastUsed", { date: date(p.last_used_at) })}` : ""}
                </Typography.Text>
              </span>
              <Popconfirm title={t("twoFactor.removePasskeyConfirm", { name: p.name })} onConfirm={() => remove(p)}>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("twoFactor.removePasskey", { name: p.name })} />
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
      {supported === false ? (
        <Typography.Paragraph type="secondary">{t("twoFactor.passkeyUnsupported")}</Typography.Paragraph>
      ) : (
        <Form layout="vertical" onFinish={add}>
          <Form.Item label={t("twoFactor.passkeyName")} htmlFor="two-factor-passkey-name" style={{ marginBottom: 12 }}>
            <Input
              id="two-factor-passkey-name"
              maxLength={60}
              placeholder={t("twoFactor.passkeyNamePlaceholder")}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Form.Item>
          <Button htmlType="submit" loading={busy} disabled={!name.trim() || supported === null}>
            {t("twoFactor.addPasskey")}
          </Button>
        </Form>
      )}
      {failure && <Alert type="error" showIcon message={failure} role="alert" style={{ marginTop: 12 }} />}
    </section>
  );
}

export default function TwoFactor() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const refresh = useCallback(() => {
    load<TwoFactorStatus>({ method: "GET", url: "/api/auth/two-factor" }).then(
      ({ data }) => setStatus(data),
      (error: unknown) => setFailure(message(error)),
    );
  }, []);
  useEffect(refresh, [refresh]);

  let body: ReactNode = null;
  if (codes) {
    body = <RecoveryCodeList codes={codes} onDone={() => setCodes(null)} />;
  } else if (status && !status.totp) {
    body = settingUp ? (
      <Setup
        onDone={(fresh) => {
          setSettingUp(false);
          setCodes(fresh);
          refresh();
        }}
        onCancel={() => setSettingUp(false)}
      />
    ) : (
      <Button type="primary" icon={<SafetyOutlined />} onClick={() => setSettingUp(true)}>
        {t("twoFactor.setUp")}
      </Button>
    );
  } else if (status) {
    body = (
      <>
        <section aria-labelledby="two-factor-recovery" className="two-factor__section">
          <h3 id="two-factor-recovery">{t("twoFactor.recoveryCodes")}</h3>
          <Typography.Paragraph>{t("twoFactor.recoveryCount", { count: status.recovery_codes_left })}</Typography.Paragraph>
          <CodeAction
            id="two-factor-new-codes"
            button={t("twoFactor.newCodes")}
            hint={t("twoFactor.newCodesHint")}
            onSubmit={async (code) => {
              const { data } = await load<RecoveryCodesAnswer>({ method: "POST", url: "/api/auth/two-factor/recovery-codes", body: { code } });
              setCodes(data.recovery_codes);
              refresh();
            }}
          />
        </section>
        <Passkeys passkeys={status.passkeys} onChange={setStatus} />
        {!status.required && (
          <section className="two-factor__section">
            <CodeAction
              id="two-factor-off"
              danger
              button={t("twoFactor.turnOff")}
              hint={t("twoFactor.turnOffHint")}
              onSubmit={async (code) => {
                setStatus((await load<TwoFactorStatus>({ method: "POST", url: "/api/auth/two-factor/disable", body: { code } })).data);
              }}
            />
          </section>
        )}
      </>
    );
  }

  return (
    <>
      <PageTitle>{t("twoFactor.title")}</PageTitle>
      <Card className="two-factor">
        <Typography.Paragraph>{t("twoFactor.intro")}</Typography.Paragraph>
        {failure && <Alert type="error" showIcon message={failure} role="alert" style={{ marginBottom: 16 }} />}
        {status && (
          <p className="two-factor__status">
            <Tag color={status.totp ? "success" : "default"} icon={<SafetyOutlined />}>
              {t(status.totp ? "twoFactor.statusOn" : "twoFactor.statusOff")}
            </Tag>
            {status.required && <Typography.Text type="secondary">{t("twoFactor.requiredByRole")}</Typography.Text>}
          </p>
        )}
        {body}
      </Card>
    </>
  );
}
