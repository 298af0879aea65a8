import { Tag } from "antd";
import { SyncOutlined } from "@ant-design/icons";
import { t } from "../../../providers/i18n";
import { useLiveStatus } from "./context";

/**
 * A quiet word while live updates are away after having worked: no toast, no banner (the server's
 * own outage has ServerStatus). The status region stays in the page so the change is announced.
 */
export function ConnectionStatus() {
  const status = useLiveStatus();
  return (
    <span role="status" className="live-status">
      {status === "reconnecting" && (
        <Tag bordered={false} icon={<SyncOutlined spin />} className="live-status__tag">
          {t("live.reconnecting")}
        </Tag>
      )}
    </span>
  );
}
