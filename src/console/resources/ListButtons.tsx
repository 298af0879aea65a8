// The buttons beside a list's title: its center's history, the CSV export, and "New …".
import { useCan, type CrudFilter, type CrudSort } from "@refinedev/core";
import { Button, Space } from "antd";
import { HistoryOutlined, PlusOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { session } from "../../../providers/session";
import { ExportButton } from "./ExportButton";
import { centerHistoryPath } from "./model";
import { t } from "../../../providers/i18n";

export function ListButtons({
  definition,
  centerFilter,
  sorters,
  filters,
  onCreate,
}: {
  definition: ResourceDefinition;
  /** The center a superadmin filters the list by, if any. */
  centerFilter?: string;
  sorters: CrudSort[];
  filters: CrudFilter[];
  onCreate: () => void;
}) {
  // Every version of every record of a center: the selected center's, or the one a superadmin filters by.
  const historyCenter = session.getCenter()?.code ?? centerFilter;
  const centerHistory = historyCenter ? centerHistoryPath(definition, historyCenter) : undefined;
  // The buttons wait, unseen but in their place, until every one of them is known: none appears
  // late and pushes the others aside.
  const canCreate = useCan({ resource: definition.name, action: "create" });
  const canReview = useCan({ action: "list", params: { permissionKey: "approval_management" }, queryOptions: { enabled: !!centerHistory } });
  const pending = canCreate.isLoading || (!!centerHistory && canReview.isLoading);
  return (
    <Space wrap className={pending ? "is-pending" : undefined} aria-hidden={pending || undefined}>
      {centerHistory && (canReview.isLoading || canReview.data?.can) && (
        <Link to={centerHistory}>
          <Button icon={<HistoryOutlined />}>{t("history.centerHistoryButton")}</Button>
        </Link>
      )}
      {/* The documents engine exports any of its lists; custom ones (users, roles) have no export. */}
      {definition.engine !== "custom" && <ExportButton definition={definition} sorters={sorters} filters={filters} />}
      {(canCreate.isLoading || canCreate.data?.can) && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t("resource.new", { label: definition.label.toLowerCase() })}
        </Button>
      )}
    </Space>
  );
}
