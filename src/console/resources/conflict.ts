import { Modal } from "antd";
import { t } from "../../i18n";

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
