// The content behind a month's figure: the versions that went live, or the records that came
// down or are scheduled to, each linking to that version of the record (or to the record, for a
// take-down still to come).
import { Typography } from "antd";
import { Link } from "react-router";
import type { ContentEvent } from "../../../protocol/reports";
import { t } from "../../../providers/i18n";
import { resourceByName } from "../../app/definitions";
import { editPath, statePath, versionPath } from "../resources/model";
import { dateTimeInZone } from "../schedule/zoned";
import { useContent, type ContentDrill } from "./api";
import { monthLabel } from "./format";
import { ListDrawer, useDrillPage } from "./ListDrawer";

/**
 * Where a row leads: a version, to that version of the record; a take-down still to come, to the
 * record (its form, else the record as it is live).
 */
export function contentEventPath(event: ContentEvent): string | undefined {
  const definition = resourceByName(event.resource);
  if (!definition || event.deleted) return undefined;
  if (event.version !== null) return versionPath(definition, event.record_id, event.version);
  return editPath(definition, event.record_id) ?? statePath(definition, "live", event.record_id);
}

function Title({ event }: { event: ContentEvent }) {
  const path = contentEventPath(event);
  return (
    <>
      {path ? <Link to={path}>{event.title}</Link> : event.title}
      {event.deleted && <Typography.Text type="secondary"> ({t("reports.drill.deleted")})</Typography.Text>}
    </>
  );
}

export function ContentDrawer({
  drill,
  centerCode,
  zone,
  onClose,
}: {
  drill: ContentDrill | null;
  centerCode: string | null;
  zone: string;
  onClose: () => void;
}) {
  const [page, setPage] = useDrillPage(drill);
  const content = useContent(drill, centerCode, page);
  return (
    <ListDrawer<ContentEvent>
      open={drill !== null}
      title={drill ? t(`reports.drill.${drill.kind}`, { month: monthLabel(drill.month) }) : ""}
      onClose={onClose}
      list={content}
      rows={content.data?.events ?? []}
      page={page}
      onPage={setPage}
      rowKey={(e) => `${e.how}-${e.record_id}-${e.version ?? ""}-${e.at}`}
      // Wide enough for its four columns, a long title wrapping in its own; a phone scrolls it.
      scrollX={640}
      columns={[
        { key: "at", title: t("reports.drill.at"), width: 150, render: (_, e) => dateTimeInZone(e.at, zone) },
        { key: "title", title: t("reports.drill.content"), render: (_, e) => <Title event={e} /> },
        { key: "type", title: t("reports.drill.type"), width: 130, dataIndex: "resource_label" },
        { key: "how", title: t("reports.drill.how"), width: 150, render: (_, e) => t(`reports.drill.${e.how}`) },
      ]}
    />
  );
}
