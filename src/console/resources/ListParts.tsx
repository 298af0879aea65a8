// What a list shows in place of its rows: their outline while the first page loads, or why there
// are none (nothing yet, nothing matches, it did not load).
import { useEffect } from "react";
import { CanAccess } from "@refinedev/core";
import { Button, Empty } from "antd";
import type { ResourceDefinition } from "../../../resources/types";
import { Skeleton } from "../layout/Placeholders";
import { useLatest } from "../useLatest";
import type { ListState } from "./listState";
import { t } from "../../../providers/i18n";

/**
 * The rows' outline while the first page loads: antd's active Skeleton paragraph (five bars, the
 * last shorter), as the page outline draws it.
 */
export function ListOutline() {
  return <Skeleton rows={5} title={false} className="list-skeleton" />;
}

/** Tells, once, that what its Suspense boundary held back (the table or the cards) is on screen. */
export function Drawn({ onDrawn }: { onDrawn: () => void }) {
  const latest = useLatest(onDrawn);
  // Once, on mounting: a new `onDrawn` on a later render is not another drawing.
  useEffect(() => {
    latest.current();
  }, []);
  return null;
}

/** An empty list says why: nothing yet (create), nothing matches (clear filters), or it did not load (retry). */
export function ListEmpty({
  definition,
  state,
  onCreate,
  onRetry,
  onClear,
}: {
  definition: ResourceDefinition;
  state: ListState;
  onCreate: () => void;
  onRetry: () => void;
  onClear: () => void;
}) {
  const labels = definition.labelPlural.toLowerCase();
  if (state === "error") {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span role="alert">{t("resource.loadListFailed", { labels })}</span>}>
        <Button type="primary" onClick={onRetry}>
          {t("resource.retry")}
        </Button>
      </Empty>
    );
  }
  if (state === "noResults") {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("resource.noResults", { labels })}>
        <Button onClick={onClear}>{t("resource.clearFilters")}</Button>
      </Empty>
    );
  }
  return (
    <Empty description={t("resource.empty", { labels })}>
      <CanAccess resource={definition.name} action="create">
        <Button type="primary" onClick={onCreate}>
          {t("resource.createFirst")}
        </Button>
      </CanAccess>
    </Empty>
  );
}
