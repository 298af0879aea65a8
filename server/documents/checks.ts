// Checks a write needs the database for: references point at records the writer's center may use,
// unique fields stay unique. Run inside the write's transaction.
import type { ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";
import { badRequest, conflict, type FieldErrors } from "../plugins/errors.js";
import { isUniqueViolation } from "../http/crud.js";
import { referenceExists, uniqueClashes } from "./repository.js";
import type { DocData } from "./values.js";

export const SINGLETON_TAKEN = "This center already has one";

export interface DataChecks {
  /** Unique values and references; merged with the earlier field errors, then a 400 if any. */
  checkData(tx: Db, def: ResourceDefinition, centerCode: string | null, data: DocData, exceptId: number | null, errors: FieldErrors): Promise<void>;
  /** Two saves that raced past the checks: the unique indexes refuse the second one. */
  uniqueRace(def: ResourceDefinition, err: unknown): unknown;
}

export function dataChecks(definitions: readonly ResourceDefinition[]): DataChecks {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  return {
    async checkData(tx, def, centerCode, data, exceptId, errors) {
      for (const field of def.fields) {
        if (field.type !== "reference" || data[field.name] === null || errors[field.name]) continue;
        const target = byName.get(field.resource);
        if (!target || !(await referenceExists(tx, target, centerCode, Number(data[field.name])))) errors[field.name] = "does not exist";
      }
      for (const name of await uniqueClashes(tx, def, centerCode, data, exceptId)) errors[name] ??= "is already in use";
      if (Object.keys(errors).length > 0) throw badRequest(errors);
    },
    uniqueRace(def, err) {
      if (!isUniqueViolation(err)) return err;
      const constraint = String((err as { constraint?: string }).constraint ?? "");
      const field = def.fields.find((f) => f.unique && constraint.includes(`_${f.name}_uq_`)) ?? (constraint ? undefined : def.fields.find((f) => f.unique));
      if (field) return badRequest({ [field.name]: "is already in use" });
      if (def.singleton) return conflict(SINGLETON_TAKEN);
      return err;
    },
  };
}
