import { CanAccess, useCan, useList } from "@refinedev/core";
import { Alert, Button, Card, Skeleton, Space, Typography } from "antd";
import { AuditOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { session } from "../../../providers/session";
import { PageTitle } from "../PageTitle";
import { ResourceForm } from "./ResourceForm";
import { ResourceList } from "./ResourceList";
import { statePath, type Row } from "./model";
import { RecordStateTag } from "../approvals/display";
import { approvalPagePath } from "../approvals/queues";
import type { ApprovalFields } from "../approvals/state";
import { RecordDetails } from "./RecordView";
import { t } from "../../../providers/i18n";
import { SaveButton } from "./SaveButton";

/** One record per center (centre information): the selected center's form; superadmins get the list. */
export function SingletonScreen({ definition }: { definition: ResourceDefinition }) {
  const center = session.getCenter();
  if (!center) return <ResourceList definition={definition} />;
  return <CenterRecord definition={definition} centerCode={center.code} />;
}

function CenterRecord({ definition, centerCode }: { definition: ResourceDefinition; centerCode: string }) {
  const { result, query } = useList<Row & ApprovalFields>({ resource: definition.name, pagination: { pageSize: 1 } });
  const record = result?.data[0];
  const { data: canWrite } = useCan({ resource: definition.name, action: record ? "edit" : "create" });
  const openRequest = record?.review?.status === "pending" ? record.review.id : null;

  return (
    <>
      <PageTitle>{definition.labelPlural}</PageTitle>
      <Card
        style={{ maxWidth: 920 }}
        title={record?.center_web_name ? String(record.center_web_name) : centerCode}
        extra={
          record && (
            <Space wrap>
              <RecordStateTag record={record} />
              {openRequest && (
                <CanAccess action="list" params={{ permissionKey: "approval_management" }}>
                  <Link to={statePath(definition, "pending", record.id) ?? approvalPagePath(openRequest)}>
                    <Button size="small" icon={<AuditOutlined />}>
                      {t("resource.review")}
                    </Button>
                  </Link>
                </CanAccess>
              )}
            </Space>
          )
        }
      >
        {query.isLoading ? (
          <Skeleton active />
        ) : query.isError ? (
          <Alert type="error" showIcon message={query.error?.message} />
        ) : (
          <>
            {!record && <Typography.Paragraph type="secondary">{t("resource.noneYet", { label: definition.label.toLowerCase() })}</Typography.Paragraph>}
            {record && canWrite && !canWrite.can ? (
              <RecordDetails definition={definition} record={record} />
            ) : (
              <ResourceForm
                // Not keyed by version: the list refreshes live, and must not reset what the user types.
                // The form reads back its own saves and warns about other people's.
                key={record ? record.id : "new"}
                definition={definition}
                action={record ? "edit" : "create"}
                id={record?.id}
                readOnly={!canWrite?.can}
                onSaved={() => void query.refetch()}
                footer={({ submit, saving }) => <SaveButton definition={definition} submit={submit} saving={saving} />}
              />
            )}
          </>
        )}
      </Card>
    </>
  );
}
