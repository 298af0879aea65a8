import { Breadcrumb } from "antd";
import { Link, useLocation } from "react-router";
import { t } from "../../../providers/i18n";
import { menuTrail } from "../menu";

/**
 * On a record screen (new, edit, history, a state view…): the menu group, the list it belongs to
 * (a link back) and this page. Nothing on the menu's own pages, which the highlighted entry names.
 */
export function Breadcrumbs({ current }: { current: string }) {
  const { pathname } = useLocation();
  const trail = menuTrail(pathname);
  if (!trail) return null;
  const items = [
    ...(trail.group ? [{ title: t(trail.group) }] : []),
    { title: <Link to={trail.item.path}>{t(trail.item.label)}</Link> },
    { title: <span aria-current="page">{current}</span> },
  ];
  return <Breadcrumb className="breadcrumbs" aria-label={t("layout.breadcrumb")} items={items} />;
}
