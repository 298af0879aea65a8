import { useOne, type HttpError } from "@refinedev/core";
import type { ResourceDefinition } from "../../../resources/types";
import type { ApprovalFields } from "../approvals/state";
import type { Row } from "../resources/model";

export type RecordRow = Row & ApprovalFields & { version?: number; center_code?: string | null; center_web_name?: string | null };

/** The record a history or state screen is about (its title, state and current version). */
export function useRecord(definition: ResourceDefinition, id: string | undefined) {
  const { result, query } = useOne<RecordRow, HttpError>({ resource: definition.name, id: id ?? "", queryOptions: { enabled: !!id } });
  return { record: result, query };
}
