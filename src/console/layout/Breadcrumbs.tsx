import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { menuTrail } from "../menu";

const BreadcrumbTrail = lazy(() => import("./BreadcrumbTrail"));

/**
 * On a record screen (new, edit, history, a state view…): the menu group, the list it belongs to
 * (a link back) and this page. Nothing on the menu's own pages, which the highlighted entry names,
 * so they never load antd's Breadcrumb; while it loads, its line's height is kept.
 */
export function Breadcrumbs({ current }: { current: string }) {
  const { pathname } = useLocation();
  const trail = menuTrail(pathname);
  if (!trail) return null;
  return (
    <Suspense fallback={<div className="breadcrumbs breadcrumbs--loading" aria-hidden="true" />}>
      <BreadcrumbTrail trail={trail} current={current} />
    </Suspense>
  );
}
