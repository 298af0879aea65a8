import { Button } from "antd";
import type { ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";

/**
 * A form's primary button. For a type whose changes wait for approval it says what saving does
 * ("Submit for review"), as Wagtail and Strapi do: nothing goes on the website until a reviewer
 * approves it.
 */
export function SaveButton({ definition, submit, saving }: { definition: Pick<ResourceDefinition, "approval">; submit: () => void; saving: boolean }) {
  return (
    <Button type="primary" onClick={submit} loading={saving}>
      {definition.approval ? t("resource.submitForReview") : t("resource.save")}
    </Button>
  );
}
