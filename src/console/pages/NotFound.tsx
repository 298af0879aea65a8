import { Button, Result } from "antd";
import { Link } from "react-router";
import { t } from "../../../providers/i18n";

export default function NotFound() {
  return (
    <Result
      status="404"
      subTitle={t("errors.notFound")}
      extra={
        <Link to="/app/welcome">
          <Button type="primary">{t("errors.backHome")}</Button>
        </Link>
      }
    />
  );
}
