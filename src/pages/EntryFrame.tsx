import type { ReactNode } from "react";
import { t } from "../../providers/i18n";
import "./tokens.css";
import "./entry.css";

/** The card layout shared by the sign-in and center-picking screens, with the spec's footer. */
export function EntryFrame({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="entry">
      <main className="entry__card">
        <div className="entry__brand" aria-hidden="true">
          <span className="entry__logo">CC</span>
        </div>
        <h1 className="entry__title">{title}</h1>
        {subtitle && <p className="entry__subtitle">{subtitle}</p>}
        {children}
      </main>
      <footer className="entry__footer">
        <strong>{t("app.name")}</strong>
        <span>{t("app.copyright", { year: new Date().getFullYear() })}</span>
        <span>{t("app.version")}</span>
      </footer>
    </div>
  );
}
