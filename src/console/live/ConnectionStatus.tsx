import { Tag, theme } from "antd";
import { SyncOutlined } from "@ant-design/icons";
import { t } from "../../../providers/i18n";
import { useLiveStatus } from "./context";

/**
 * A warning-coloured word in the bar while live updates are away after having worked (its title
 * says what that means): no toast, no banner (the server's own outage has ServerStatus). The
 * status region stays in the page so the change is announced.
 */
export function ConnectionStatus() {
  const status = useLiveStatus();
  // The warning tag's own text colour is too light on its background for small text (2.9:1); the
  // theme's darker warning text reads at 5.6:1.
  const { token } = theme.useToken();
  return (
    <span role="status" className="live-status">
      {status === "reconnecting" && (
        <Tag
          color="warning"
          icon={<SyncOutlined spin />}
          className="live-status__tag"
          style={{ color: token.colorWarningTextActive }}
          title={t("live.reconnectingHint")}
        >
          {t("live.reconnecting")}
        </Tag>
      )}
    </span>
  );
}
