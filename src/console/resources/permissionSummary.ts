import { MODES } from "../../../resources/types";
import type { RolePermission } from "../../../protocol/api";
import { t, tOf } from "../../../providers/i18n";

/**
 * A role's matrix as short lines, one per area it may read, with what it may do there:
 * "Careers: read, create, update". Areas it cannot read are left out (it has nothing there).
 */
export function permissionSummary(grants: readonly RolePermission[]): string[] {
  return grants
    .filter((grant) => Number(grant.allow_read) !== 0)
    .map((grant) =>
      t("permissionsMatrix.summary", {
        area: tOf("permissionKeys", grant.permission_key),
        modes: MODES.filter((mode) => Number(grant[`allow_${mode}`]) !== 0)
          .map((mode) => t(`permissionsMatrix.modes.${mode}`))
          .join(", "),
      }),
    );
}
