import { useGetIdentity, usePermissions } from "@refinedev/core";
import { Descriptions, Tag } from "antd";
import { PageSkeleton } from "../layout/PageSkeleton";
import type { Identity, PermissionEntry } from "../../../providers/authProvider";
import { t, tOf } from "../../../providers/i18n";
import { PageTitle } from "../PageTitle";
import { useAtLeast } from "../layout/useWidth";
import { DecisionsBlock } from "../dashboard/DecisionsBlock";
import { InboxBlock } from "../dashboard/InboxBlock";
import { MyChangesBlock } from "../dashboard/MyChangesBlock";
import { useDashboard } from "../dashboard/useDashboard";
import { WeekBlock } from "../dashboard/WeekBlock";
import "../dashboard/dashboard.css";

const MODES = ["read", "create", "update", "delete"] as const;

export default function Welcome() {
  const { data: identity, isLoading } = useGetIdentity<Identity>();
  const { data: permissions } = usePermissions<PermissionEntry[]>({});
  const { data: dashboard } = useDashboard();
  // On a phone each label stands above its value: side by side, the values broke letter by letter.
  const wide = useAtLeast("md");

  if (isLoading || !identity) return <PageSkeleton />;
  const readable = (permissions ?? []).filter((p) => Number(p.allow_read) !== 0);
  const center = identity.center;

  return (
    <>
      <PageTitle>{t("welcome.title", { name: identity.fullname })}</PageTitle>
      {/* Only the blocks the server answered: each is there when the reader's permissions reach its screen. */}
      {dashboard && (
        <section className="dashboard" aria-label={t("dashboard.label")}>
          {dashboard.approvals && <DecisionsBlock queues={dashboard.approvals} now={dashboard.now} />}
          {dashboard.inbox && <InboxBlock inbox={dashboard.inbox} now={dashboard.now} />}
          {dashboard.my_changes && <MyChangesBlock changes={dashboard.my_changes} />}
          {dashboard.calendar && <WeekBlock week={dashboard.calendar} zone={dashboard.time_zone} />}
        </section>
      )}
      <Descriptions
        column={wide ? 2 : 1}
        bordered
        size="small"
        layout={wide ? "horizontal" : "vertical"}
        styles={wide ? { label: { width: 160 } } : undefined}
        className="welcome__facts"
      >
        <Descriptions.Item label={t("welcome.user")}>
          {identity.fullname} {identity.username && <span className="text-secondary">({identity.username})</span>}
        </Descriptions.Item>
        <Descriptions.Item label={t("welcome.userType")}>{tOf("userTypes", identity.user_type)}</Descriptions.Item>
        <Descriptions.Item label={t("welcome.center")}>
          {center ? `${center.center_web_name} (${center.center_code})` : identity.user_type === "superadmin" ? t("welcome.allCenters") : t("sidebar.noCenter")}
        </Descriptions.Item>
        <Descriptions.Item label={t("welcome.role")}>{identity.roleName ?? "-"}</Descriptions.Item>
        <Descriptions.Item label={t("welcome.permissions")} span={wide ? 2 : 1}>
          {readable.length === 0 ? (
            t("welcome.none")
          ) : (
            // antd's Space as it lays this out, without its code.
            <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 12px" }}>
              {readable.map((p) => (
                <span key={p.set.permission_key} className="welcome__permission">
                  <strong>{tOf("permissionKeys", p.set.permission_key)}</strong>{" "}
                  {MODES.filter((m) => Number(p[`allow_${m}`]) !== 0).map((m) => (
                    <Tag key={m}>{t(`permissionsMatrix.${m}`)}</Tag>
                  ))}
                </span>
              ))}
            </div>
          )}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
