import { t } from "../../providers/i18n";
import "./tokens.css";
import "./splash.css";

/**
 * 'Please Wait...' with a spinner: the splash's look, and what stands while a screen's code loads.
 * index.html carries the same markup, so the first paint comes before any script has run.
 */
export function Waiting() {
  return (
    <main className="splash" aria-busy="true">
      <div className="splash__spinner" aria-hidden="true" />
      <p role="status">{t("splash.wait")}</p>
    </main>
  );
}
