import { Tag } from "antd";
import { Link } from "react-router";
import type { OwnChanges } from "../../../protocol/dashboard";
import { t } from "../../../providers/i18n";
import { resourceByName } from "../../app/definitions";
import { editPath } from "../resources/model";
import { Block, Entries, Entry } from "./Block";
import { Count } from "./Count";

/** The reader's own changes: how many wait and how many were rejected, the latest of them with the reviewer's reason. */
export function MyChangesBlock({ changes }: { changes: OwnChanges }) {
  return (
    <Block title={t("dashboard.mine.title")}>
      {/* No one list holds one's own changes across types: each change below opens its record. */}
      <div className="dashboard__counts">
        <Count title={t("dashboard.mine.pending")} value={changes.pending} />
        <Count title={t("dashboard.mine.rejected")} value={changes.rejected} />
      </div>
      {changes.items.length === 0 ? (
        <p className="text-secondary dashboard__none">{t("dashboard.mine.none")}</p>
      ) : (
        <Entries>
          {changes.items.map((item) => {
            const definition = resourceByName(item.resource);
            const path = definition && editPath(definition, item.record_id);
            return (
              <Entry key={item.request_id}>
                {path ? <Link to={path}>{item.title}</Link> : item.title}{" "}
                <Tag color={item.status === "rejected" ? "red" : "gold"}>
                  {t(item.status === "rejected" ? "dashboard.mine.rejected" : "dashboard.mine.pending")}
                </Tag>
                <div className="text-secondary">{item.resource_label}</div>
                {item.reason && <p className="dashboard__reason">{t("dashboard.mine.reason", { reason: item.reason })}</p>}
              </Entry>
            );
          })}
        </Entries>
      )}
    </Block>
  );
}
