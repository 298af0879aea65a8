// The content behind a month's figure: the versions that went live, or the records that came
// down or are scheduled to, each linking to that version in the record's history (or to the
// record, for a take-down still to come).
import { useState } from "react";
import { Alert, Drawer, Table, Typography } from "antd";
import { Link } from "react-router";
import type { ContentEvent } from "../../../protocol/reports";
import { t } from "../../../providers/i18n";
import { resourceByName } from "../../app/definitions";
import { editPath, historyDetailsPath } from "../resources/model";
import { dateTimeInZone } from "../schedule/zoned";
import { useContent, type ContentDrill } from "./api";
import { monthLabel } from "./format";

function pathOf(event: ContentEvent): string | undefined {
  const definition = resourceByName(event.resource);
  if (!definition || event.deleted) return undefined;
  return (event.version !== null && historyDetailsPath(definition, event.record_id, event.version)) || editPath(definition, event.record_id);
}

function Title({ event }: { event: ContentEvent }) {
  const path = pathOf(event);
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
  // Another figure opens at its first page.
  const [shown, setShown] = useState<{ drill: ContentDrill | null; page: number }>({ drill, page: 1 });
  const page = shown.drill === drill ? shown.page : 1;
  const content = useContent(drill, centerCode, page);
  return (
    <Drawer
      open={drill !== null}
      onClose={onClose}
      title={drill ? t(`reports.drill.${drill.kind}`, { month: monthLabel(drill.month) }) : ""}
      width="min(720px, 100vw)"
      destroyOnHidden
    >
      {content.isError && <Alert type="error" showIcon message={t("reports.loadFailed")} />}
      <Table<ContentEvent>
        size="small"
        loading={content.isLoading}
        dataSource={content.data?.events ?? []}
        rowKey={(e) => `${e.how}-${e.record_id}-${e.version ?? ""}-${e.at}`}
        pagination={{
          current: page,
          pageSize: content.data?.limit,
          total: content.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (next) => setShown({ drill, page: next }),
        }}
        locale={{ emptyText: t("reports.drill.empty") }}
        // Wide enough for its four columns, a long title wrapping in its own; a phone scrolls it.
        scroll={{ x: 640 }}
        columns={[
          { key: "at", title: t("reports.drill.at"), width: 150, render: (_, e) => dateTimeInZone(e.at, zone) },
          { key: "title", title: t("reports.drill.content"), render: (_, e) => <Title event={e} /> },
          { key: "type", title: t("reports.drill.type"), width: 130, dataIndex: "resource_label" },
          { key: "how", title: t("reports.drill.how"), width: 150, render: (_, e) => t(`reports.drill.${e.how}`) },
        ]}
      />
    </Drawer>
  );
}
