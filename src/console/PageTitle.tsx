import { useEffect, type ReactNode } from "react";
import { t } from "../../providers/i18n";
import { Breadcrumbs } from "./layout/Breadcrumbs";

/** The page's heading, also used as the document title; record screens get breadcrumbs above it. */
export function PageTitle({ children, extra }: { children: string; extra?: ReactNode }) {
  useEffect(() => {
    document.title = `${children} · ${t("app.name")}`;
  }, [children]);
  return (
    <>
      <Breadcrumbs current={children} />
      <div className="page-title">
        <h2 className="page-title__heading">{children}</h2>
        {extra}
      </div>
    </>
  );
}
