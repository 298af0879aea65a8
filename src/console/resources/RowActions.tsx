import { useEffect, useId, useState } from "react";
import { useDelete } from "@refinedev/core";
import { Button, Space } from "antd";
import { AuditOutlined, DeleteOutlined, EditOutlined, HistoryOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { approvalPagePath } from "../approvals/queues";
import type { ApprovalFields } from "../approvals/state";
import { HoverTip } from "./HoverTip";
import { lazyModule } from "./lazyModule";
import { RecordActionButton } from "./RecordActionButton";
import { editPath, historyPath, statePath, titleOf, type Row } from "./model";
import { useReturnState } from "./returnTo";
import type { RowAccess } from "./rowAccess";
import { t } from "../../../providers/i18n";

/** Edit, review, history and delete for one row, each shown only where the server would allow it (`access`, asked once per list). */
export function RowActions({
  definition,
  record,
  access,
  onEdit,
}: {
  definition: ResourceDefinition;
  record: Row;
  access: RowAccess;
  onEdit?: (id: number) => void;
}) {
  const title = titleOf(definition, record);
  const edit = editPath(definition, record.id);
  const history = historyPath(definition, record.id);
  const returnState = useReturnState();
  const review = (record as ApprovalFields).review;
  const openRequest = definition.approval && review?.status === "pending" ? review.id : null;
  // Deleting a live record of an approval type is a request; once asked, there is nothing more to delete.
  const deletionPending = openRequest !== null && review?.change === "delete";

  return (
    <Space size={4}>
      {access.edit && (
        <HoverTip title={t("resource.editAction")}>
          {edit ? (
            <Link to={edit} state={returnState} aria-label={t("resource.editRecord", { title })}>
              <Button size="small" icon={<EditOutlined />} tabIndex={-1} />
            </Link>
          ) : (
            <Button size="small" icon={<EditOutlined />} aria-label={t("resource.editRecord", { title })} onClick={() => onEdit?.(record.id)} />
          )}
        </HoverTip>
      )}
      {openRequest && access.review && (
        <HoverTip title={t("resource.review")}>
          <Link to={statePath(definition, "pending", record.id) ?? approvalPagePath(openRequest)} aria-label={t("resource.reviewRecord", { title })}>
            <Button size="small" type="primary" ghost icon={<AuditOutlined />} tabIndex={-1} />
          </Link>
        </HoverTip>
      )}
      {history && (
        <HoverTip title={t("resource.history")}>
          <Link to={history} aria-label={t("resource.historyOf", { title })}>
            <Button size="small" icon={<HistoryOutlined />} tabIndex={-1} />
          </Link>
        </HoverTip>
      )}
      {definition.recordActions?.map(
        (action) => access.actions[action.name] && <RecordActionButton key={action.name} definition={definition} action={action} record={record} />,
      )}
      {!definition.noDelete && !deletionPending && access.delete(record) && <DeleteButton definition={definition} record={record} title={title} />}
    </Space>
  );
}

const confirm = lazyModule(() => import("./DeleteConfirm"));
/** The confirmation's code, fetched by the list once it is idle (one fetch, not one per row). */
export const preloadDeleteConfirm = () => confirm.load();

/** A record still in use (a role someone holds): why its delete is off, and what to do first. */
const deleteBlockedBy = (definition: ResourceDefinition, record: Row): string | null =>
  definition.usage && Number(record[definition.usage.field]) > 0 ? definition.usage.blocksDelete : null;

/** Delete, after a confirmation whose code comes with the first click (or once the list is idle). */
function DeleteButton({ definition, record, title }: { definition: ResourceDefinition; record: Row; title: string }) {
  const blocked = deleteBlockedBy(definition, record);
  return blocked ? <BlockedDelete title={title} reason={blocked} /> : <OpenDelete definition={definition} record={record} title={title} />;
}

/** Off, saying why on hover and to assistive technology (the server would refuse it with the same reason). */
function BlockedDelete({ title, reason }: { title: string; reason: string }) {
  const reasonId = useId();
  return (
    <HoverTip title={reason}>
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("resource.deleteRecord", { title })} aria-describedby={reasonId} disabled />
      <span id={reasonId} className="visually-hidden">
        {reason}
      </span>
    </HoverTip>
  );
}

function OpenDelete({ definition, record, title }: { definition: ResourceDefinition; record: Row; title: string }) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const Confirm = open ? confirm.current?.default : undefined;
  // Opens when its code is here: at once, or once it has arrived (offline: nothing opens, the next click tries again).
  const ask = () =>
    confirm.current
      ? setOpen(true)
      : void confirm.load().then(
          () => setOpen(true),
          () => undefined,
        );
  return (
    // Escape in the button or its confirmation closes the confirmation: this box only hears it (role none).
    <span role="none" className="hover-tip" onKeyDown={(event) => event.key === "Escape" && setOpen(false)}>
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("resource.deleteRecord", { title })} loading={deleting} onClick={ask} />
      {Confirm && <Deletion Confirm={Confirm} definition={definition} record={record} title={title} onBusy={setDeleting} onClose={() => setOpen(false)} />}
    </span>
  );
}

/**
 * The open confirmation, and Refine's delete mutation with it: useDelete is a dozen hooks (resource,
 * router, notifications, invalidation…), which one per row would run on every render of a list.
 */
function Deletion({
  Confirm,
  definition,
  record,
  title,
  onBusy,
  onClose,
}: {
  Confirm: typeof import("./DeleteConfirm")["default"];
  definition: ResourceDefinition;
  record: Row;
  title: string;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { mutate: remove } = useDelete();
  const isLive = (record as ApprovalFields).live_version !== null && (record as ApprovalFields).live_version !== undefined;
  const deleteDescription = definition.approval && isLive ? "resource.deleteLiveDescription" : "resource.deleteDescription";
  // Closed while the deletion runs (a click elsewhere): the deletion goes on, the button stops spinning.
  useEffect(() => () => onBusy(false), [onBusy]);
  return (
    <Confirm
      title={t("resource.deleteConfirm", { label: definition.label.toLowerCase() })}
      description={t(deleteDescription, { title })}
      okText={t("resource.delete")}
      onClose={onClose}
      onConfirm={() =>
        new Promise<void>((resolve) => {
          onBusy(true);
          remove(
            { resource: definition.name, id: record.id, values: { version: record.version }, successNotification: false },
            {
              onSettled: () => {
                onBusy(false);
                resolve();
              },
            },
          );
        })
      }
    />
  );
}
