import { antdLocale } from "../app/antdLocale";
import { useCallback, useEffect, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { safeConsolePath } from "../lib/redirect";
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import ConfigProvider from "antd/es/config-provider";
import { theme } from "../app/theme";
import { authProvider, dataProvider } from "../app/services";
import { session } from "../../providers/session";
import type { AdminCenter } from "../../protocol/api";
import { t } from "../../providers/i18n";
import { EntryFrame } from "./EntryFrame";

export type { AdminCenter };

export const centerLabel = (center: AdminCenter) => t("sidebar.centerOption", { role: center.assignment?.role.name ?? "", center: center.center_web_name });

type Load = { state: "loading" } | { state: "error" } | { state: "ready"; centers: AdminCenter[] };

export default function PickCenter() {
  const navigate = useNavigate();
  const user = session.getUser();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [search] = useSearchParams();
  const to = safeConsolePath(search.get("to"));
  // The center used last is preselected (remembered per user, across sign-outs).
  const [chosen, setChosen] = useState<string | null>(session.getCenter()?.code ?? (user ? session.getLastCenter(user.id) : null));

  // On opening, and again on Retry.
  const loadCenters = useCallback((userId: number) => {
    setLoad({ state: "loading" });
    dataProvider
      .getList<AdminCenter>({ resource: `e1-centers/by-admin/${userId}`, pagination: { mode: "off" } })
      .then(({ data }) => {
        setLoad({ state: "ready", centers: data });
        // A remembered center the user no longer has is not preselected.
        setChosen((current) => (current && data.some((c) => c.center_code === current) ? current : data.length === 1 ? data[0].center_code : null));
      })
      .catch(() => setLoad({ state: "error" }));
  }, []);
  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) loadCenters(userId);
  }, [userId, loadCenters]);

  if (!user) return <Navigate to="/login" replace />;

  function confirm() {
    if (load.state !== "ready") return;
    const center = load.centers.find((c) => c.center_code === chosen);
    if (!center) return;
    session.setCenter({ code: center.center_code, assignmentId: center.assignment?.id ?? null });
    navigate(to ?? "/app/welcome");
  }

  async function signOut() {
    await authProvider.logout({});
    navigate("/", { replace: true });
  }

  return (
    <ConfigProvider theme={theme} locale={antdLocale()}>
      <EntryFrame title={t("pickCenter.greeting", { name: user.fullname })} subtitle={t("pickCenter.prompt")}>
        {load.state === "loading" && (
          <p role="status" className="entry__subtitle">
            {t("splash.wait")}
          </p>
        )}
        {load.state === "error" && (
          <Alert
            type="error"
            showIcon
            message={t("pickCenter.loadError")}
            action={
              <Button size="small" onClick={() => loadCenters(user.id)}>
                {t("pickCenter.retry")}
              </Button>
            }
          />
        )}
        {load.state === "ready" && load.centers.length === 0 && <Alert type="info" showIcon message={t("pickCenter.empty")} />}
        {load.state === "ready" && load.centers.length > 0 && (
          <div className="entry__centers" role="radiogroup" aria-label={t("pickCenter.prompt")}>
            {load.centers.map((center) => (
              <label key={center.center_code} className="entry__center">
                <input
                  type="radio"
                  name="center"
                  value={center.center_code}
                  checked={chosen === center.center_code}
                  onChange={() => setChosen(center.center_code)}
                  aria-label={centerLabel(center)}
                />
                <span>
                  <span className="entry__center-name">{center.center_web_name}</span>
                  <br />
                  <span className="entry__center-role">{center.assignment?.role.name}</span>
                </span>
              </label>
            ))}
          </div>
        )}
        <div className="entry__actions">
          <Button onClick={signOut}>{t("pickCenter.signOut")}</Button>
          <Button type="primary" onClick={confirm} disabled={!chosen || load.state !== "ready"}>
            {t("pickCenter.continue")}
          </Button>
        </div>
      </EntryFrame>
    </ConfigProvider>
  );
}
