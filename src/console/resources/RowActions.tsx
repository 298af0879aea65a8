import { CanAccess, useDelete } from "@refinedev/core";
import { Button, Popconfirm, Space, Tooltip } from "antd";
import { DeleteOutlined, EditOutlined, HistoryOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { RecordActionButton } from "./RecordActionButton";
import { editPath, historyPath, titleOf, type Row } from "./model";
import { t } from "../../i18n";

/** Edit, history and delete for one row, each shown only where the server would allow it. */
export function RowActions({ definition, record, onEdit }: { definition: ResourceDefinition; record: Row; onEdit?: (id: number) => void }) {
  const { mutate: remove, mutation } = useDelete();
  const title = titleOf(definition, record);
  const edit = editPath(definition, record.id);
  const history = historyPath(definition, record.id);

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
      {!definition.noDelete && (
        <CanAccess resource={definition.name} action="delete" params={{ id: record.id }}>
          <Popconfirm
            title={t("resource.deleteConfirm", { label: definition.label.toLowerCase() })}
            description={t("resource.deleteDescription", { title })}
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
