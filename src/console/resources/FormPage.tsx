import { useCan } from "@refinedev/core";
import { Button, Card, Space, Spin } from "antd";
import { useLocation, useNavigate, useParams } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";
import Denied from "../Denied";
import { PageTitle } from "../PageTitle";
import { listPathFor, presetFromSearch, type Row } from "./model";
import { RecordView } from "./RecordView";
import { returnPath } from "./returnTo";
import { ResourceForm } from "./ResourceForm";
import { SaveButton } from "./SaveButton";

/** /app/<resource>/new and /app/<resource>/edit/:id for resources edited on their own page. */
export function FormPage({ definition, action }: { definition: ResourceDefinition; action: "create" | "edit" }) {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const preset = action === "create" ? presetFromSearch(definition, location.search) : {};
  const { data: access, isLoading } = useCan({ resource: definition.name, action, params: { id } });

  const title = t(action === "create" ? "resource.new" : "resource.edit", { label: definition.label.toLowerCase() });
  const back = (record?: Row) => navigate(returnPath(location.state) ?? listPathFor(definition, record ?? (preset as Record<string, unknown>)));

  if (isLoading) return <Spin />;
  // Those who may read but not change a record see it read-only (the route's gate checked read).
  if (!access?.can && action === "edit" && id) {
    return (
      <>
        <PageTitle>{t("resource.view", { label: definition.label.toLowerCase() })}</PageTitle>
        <Card style={{ maxWidth: 920 }}>
          <RecordView definition={definition} id={id} />
        </Card>
      </>
    );
  }
  if (!access?.can) return <Denied />;

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Card style={{ maxWidth: 920 }}>
        <ResourceForm
          key={id ?? "new"}
          definition={definition}
          action={action}
          id={id}
          preset={preset}
          onSaved={(record) => back(record)}
          footer={({ submit, saving }) => (
            <Space>
              <SaveButton definition={definition} submit={submit} saving={saving} />
              <Button onClick={() => navigate(-1)}>{t("resource.cancel")}</Button>
            </Space>
          )}
        />
      </Card>
    </>
  );
}
