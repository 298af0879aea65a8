import { Modal } from "antd";
import type { HttpError } from "@refinedev/core";
import type { ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";

/**
 * A 409 because someone else saved first: its answer carries the current record
 * (server/http/crud.ts staleBody). Other 409s ("This center already has one") are not stale.
 */
export function isStaleSave(error: unknown): boolean {
  if (!error || typeof error !== "object" || (error as HttpError).statusCode !== 409) return false;
  const data = (error as { data?: unknown }).data;
  return !!data && typeof data === "object" && "current" in data;
}

/**
 * The toast of a failed save, or false where the form says it otherwise: the stale-save dialog,
 * or the shell's "retrying" banner for an unreachable server.
 */
export function saveFailedNotice(definition: Pick<ResourceDefinition, "label">, error: HttpError | undefined) {
  const status = error?.statusCode;
  if (isStaleSave(error) || status === 503 || status === 0) return false as const;
  const label = definition.label.toLowerCase();
  const description =
    status === 400 && error?.errors && Object.keys(error.errors).length
      ? t("resource.saveFailedFields")
      : status === 403
        ? t("resource.saveForbidden")
        : error?.message;
  return { message: t("resource.saveFailedTitle", { label }), description, type: "error" as const };
}

/** A 409 on save: someone else saved first. Nothing was overwritten; reloading shows their version. */
export function showConflict(reload: () => Promise<unknown>) {
  Modal.confirm({
    title: t("conflict.title"),
    content: t("conflict.content"),
    okText: t("conflict.reload"),
    cancelText: t("conflict.keepEditing"),
    onOk: reload,
  });
}
