import { CanAccess, useDelete } from "@refinedev/core";
import { Button, Popconfirm, Space, Tooltip } from "antd";
import { AuditOutlined, DeleteOutlined, EditOutlined, HistoryOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { approvalPagePath } from "../approvals/queues";
import type { ApprovalFields } from "../approvals/state";
import { RecordActionButton } from "./RecordActionButton";
import { editPath, historyPath, statePath, titleOf, type Row } from "./model";
import { t } from "../../../providers/i18n";

/** Edit, review, history and delete for one row, each shown only where the server would allow it. */
export function RowActions({ definition, record, onEdit }: { definition: ResourceDefinition; record: Row; onEdit?: (id: number) => void }) {
  const { mutate: remove, mutation } = useDelete();
  const title = titleOf(definition, record);
  const edit = editPath(definition, record.id);
  const history = historyPath(definition, record.id);
  const review = (record as ApprovalFields).review;
  const openRequest = definition.approval && review?.status === "pending" ? review.id : null;
  const isLive = (record as ApprovalFields).live_version !== null && (record as ApprovalFields).live_version !== undefined;
  // Deleting a live record of an approval type is a request; once asked, there is nothing more to delete.
  const deletionPending = openRequest !== null && review?.change === "delete";
  const deleteDescription = definition.approval && isLive ? "resource.deleteLiveDescription" : "resource.deleteDescription";

  return (
    <Space size={4}>
      <CanAccess resource={definition.name} action="edit" params={{ id: record.id }}>
        <Tooltip title={t("resource.editAction")}>
          {edit ? (
            <Link to={edit} aria-label={t("resource.editRecord", { title })}>
              <Button size="small" icon={<EditOutlined />} tabIndex={-1} />
            </Link>
          ) : (
            <Button size="small" icon={<EditOutlined />} aria-label={t("resource.editRecord", { title })} onClick={() => onEdit?.(record.id)} />
          )}
        </Tooltip>
      </CanAccess>
      {openRequest && (
        <CanAccess action="list" params={{ permissionKey: "approval_management" }}>
          <Tooltip title={t("resource.review")}>
            <Link to={statePath(definition, "pending", record.id) ?? approvalPagePath(openRequest)} aria-label={t("resource.reviewRecord", { title })}>
              <Button size="small" type="primary" ghost icon={<AuditOutlined />} tabIndex={-1} />
            </Link>
          </Tooltip>
        </CanAccess>
      )}
      {history && (
        <Tooltip title={t("resource.history")}>
          <Link to={history} aria-label={t("resource.historyOf", { title })}>
            <Button size="small" icon={<HistoryOutlined />} tabIndex={-1} />
          </Link>
        </Tooltip>
      )}
      {definition.recordActions?.map((action) => (
        <RecordActionButton key={action.name} definition={definition} action={action} record={record} />
      ))}
      {!definition.noDelete && !deletionPending && (
        <CanAccess resource={definition.name} action="delete" params={{ id: record.id }}>
          <Popconfirm
            title={t("resource.deleteConfirm", { label: definition.label.toLowerCase() })}
            description={t(deleteDescription, { title })}
            okText={t("resource.delete")}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              new Promise<void>((resolve) =>
                remove(
                  { resource: definition.name, id: record.id, values: { version: record.version }, successNotification: false },
                  { onSettled: () => resolve() },
                ),
              )
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("resource.deleteRecord", { title })} loading={mutation.isPending} />
          </Popconfirm>
        </CanAccess>
      )}
    </Space>
  );
}
