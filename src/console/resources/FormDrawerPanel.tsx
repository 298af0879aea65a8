// The create / edit drawer itself (antd Drawer and the resource's form), in the chunk FormDrawer
// fetches: a list that nobody edits never loads the drawer either.
import { Button, Space } from "antd";
import { Drawer } from "../layout/Drawer";
import type { ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";
import { ResourceForm } from "./ResourceForm";
import { SaveButton } from "./SaveButton";

export function FormDrawerPanel({ definition, editing, onClose }: { definition: ResourceDefinition; editing: "new" | number | null; onClose: () => void }) {
  const action = editing === "new" ? "create" : "edit";
  const title = t(editing === "new" ? "resource.new" : "resource.edit", { label: definition.label.toLowerCase() });
  return (
    <Drawer open={editing !== null} onClose={onClose} title={title} width={640} destroyOnHidden>
      {editing !== null && (
        <ResourceForm
          key={String(editing)}
          definition={definition}
          action={action}
          id={editing === "new" ? undefined : editing}
          onSaved={onClose}
          footer={({ submit, saving }) => (
            <Space>
              <SaveButton definition={definition} submit={submit} saving={saving} />
              <Button onClick={onClose}>{t("resource.cancel")}</Button>
            </Space>
          )}
        />
      )}
    </Drawer>
  );
}
