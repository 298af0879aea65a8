import { Button, Result } from "antd";
import { useNavigate } from "react-router";
import { t } from "../../providers/i18n";

/**
 * A page the user's role at this center does not open: what happened, what to do about it, and
 * a way on. Its own chunk: only a denied page needs Result's illustration.
 */
export default function Denied() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<span role="alert">{t("gate.denied")}</span>}
      subTitle={t("gate.deniedHint")}
      extra={
        <Button type="primary" onClick={() => navigate("/app/welcome")}>
          {t("gate.toWelcome")}
        </Button>
      }
    />
  );
}
