import { Skeleton, SkeletonHeading } from "./Placeholders";
import { Panel } from "./Panel";
import { t } from "../../../providers/i18n";

/**
 * The outline of a page (its title, then a card) while its permission is checked or its code and
 * data load, so the page appears in place of it instead of after blank space. `announce`: a status
 * a screen reader reads ("Loading"); off where another status already speaks (the gate).
 */
export function PageSkeleton({ announce = true }: { announce?: boolean }) {
  const a11y = announce ? { role: "status", "aria-label": t("layout.loading") } : { "aria-hidden": true };
  return (
    <div className="page-skeleton" aria-busy="true" {...a11y}>
      <SkeletonHeading className="page-skeleton__title" />
      <Panel>
        <Skeleton rows={6} title={false} />
      </Panel>
    </div>
  );
}
