import { useEffect, type ReactNode } from "react";
import { Typography } from "antd";
import { t } from "../../providers/i18n";

/** The page's heading, also used as the document title. */
export function PageTitle({ children, extra }: { children: string; extra?: ReactNode }) {
  useEffect(() => {
    document.title = `${children} · ${t("app.name")}`;
  }, [children]);
  return (
    <div className="page-title">
      <Typography.Title level={2}>{children}</Typography.Title>
      {extra}
    </div>
  );
}
