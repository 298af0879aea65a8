import { Modal } from "antd";

/** A 409 on save: someone else saved first. Nothing was overwritten; reloading shows their version. */
export function showConflict(reload: () => Promise<unknown>) {
  Modal.confirm({
    title: "Someone else saved this record",
    content: "It changed since you opened it, so your changes were not saved. Reload to see the current version, then apply your changes again.",
    okText: "Reload",
    cancelText: "Keep editing",
    onOk: reload,
  });
}
