import { useOne, type HttpError } from "@refinedev/core";
import { Alert, Button, Descriptions, Skeleton, Space } from "antd";
import { Drawer } from "../layout/Drawer";
import { HistoryOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";
import { shownFields } from "../approvals/Comparison";
import { formatTime, RecordStateTag } from "../approvals/display";
import { RecordStateAlert } from "../approvals/StateAlert";
import type { ApprovalFields } from "../approvals/state";
import { FullValue } from "./display";
import { historyPath, type Row } from "./model";

type Record_ = Row & ApprovalFields;

/** A record read-only, every field in full: for roles that may read but not change it. */
export function RecordDetails({ definition, record }: { definition: ResourceDefinition; record: Record_ }) {
  const history = historyPath(definition, record.id);
  const updated = typeof record.updated_at === "string" ? record.updated_at : null;
  return (
    <>
      {definition.approval && <RecordStateAlert record={record} />}
      <Descriptions
        column={1}
        bordered
        size="middle"
        styles={{ label: { width: 180, verticalAlign: "top" } }}
        items={[
          ...(definition.approval ? [{ key: "__state", label: t("recordState.label"), children: <RecordStateTag record={record} /> }] : []),
          ...(record.center_web_name || record.center_code
            ? [{ key: "__center", label: t("resource.center"), children: String(record.center_web_name ?? record.center_code) }]
            : []),
          ...shownFields(definition).map((field) => ({
            key: field.name,
            label: field.label,
            children: <FullValue field={field} value={record[field.name]} />,
          })),
          ...(updated
            ? [
                {
                  key: "__updated",
                  label: t("resource.updated"),
                  children: record.updated_by_name
                    ? t("resource.updatedBy", { when: formatTime(updated), name: String(record.updated_by_name) })
                    : formatTime(updated),
                },
              ]
            : []),
        ]}
      />
      {history && (
        <Space style={{ marginTop: 16 }}>
          <Link to={history}>
            <Button icon={<HistoryOutlined />}>{t("resource.history")}</Button>
          </Link>
        </Space>
      )}
    </>
  );
}

/**
 * Why a record could not be read, said once (its toast is dropped, see notificationProvider):
 * not found (also another center's record), no permission, or a failure to retry.
 */
export function RecordLoadError({ definition, error, onRetry }: { definition: ResourceDefinition; error?: HttpError | null; onRetry?: () => void }) {
  const label = definition.label.toLowerCase();
  if (error?.statusCode === 404) {
    return <Alert type="warning" showIcon role="alert" message={t("resource.notFound", { label })} description={t("resource.notFoundHint")} />;
  }
  if (error?.statusCode === 403) return <Alert type="error" showIcon role="alert" message={t("resource.readForbidden", { label })} />;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={t("resource.loadFailed")}
      description={error?.message}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {t("resource.retry")}
          </Button>
        )
      }
    />
  );
}

/** Fetches one record and shows it read-only. */
export function RecordView({ definition, id }: { definition: ResourceDefinition; id: number | string }) {
  const { result, query } = useOne<Record_, HttpError>({ resource: definition.name, id });
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError || !result) return <RecordLoadError definition={definition} error={query.error} onRetry={() => void query.refetch()} />;
  return <RecordDetails definition={definition} record={result} />;
}

/** The read-only view on a list: opened from a record's title by those who may not edit it. */
export function RecordViewDrawer({ definition, id, onClose }: { definition: ResourceDefinition; id: number | null; onClose: () => void }) {
  return (
    <Drawer open={id !== null} onClose={onClose} title={t("resource.view", { label: definition.label.toLowerCase() })} width={720} destroyOnHidden>
      {id !== null && <RecordView definition={definition} id={id} />}
    </Drawer>
  );
}
