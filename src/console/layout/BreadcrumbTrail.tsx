import { Breadcrumb } from "antd";
import { Link } from "react-router";
import { labelText, t } from "../../../providers/i18n";
import type { menuTrail } from "../menu";

/** The trail itself, on antd's Breadcrumb: its own chunk, since only record screens show one. */
export default function BreadcrumbTrail({ trail, current }: { trail: NonNullable<ReturnType<typeof menuTrail>>; current: string }) {
  const items = [
    ...(trail.group ? [{ title: labelText(trail.group) }] : []),
    { title: <Link to={trail.item.path}>{labelText(trail.item.label)}</Link> },
    { title: <span aria-current="page">{current}</span> },
  ];
  return <Breadcrumb className="breadcrumbs" aria-label={t("layout.breadcrumb")} items={items} />;
}
