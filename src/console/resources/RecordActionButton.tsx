import { useState } from "react";
import { Button } from "antd";
import { KeyOutlined, LogoutOutlined, SafetyOutlined } from "@ant-design/icons";
import type { RecordAction, ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";
import { HoverTip } from "./HoverTip";
import { lazyModule } from "./lazyModule";
import { titleOf, type Row } from "./model";

const ICONS = { key: <KeyOutlined />, logout: <LogoutOutlined />, safety: <SafetyOutlined /> };

// Its dialog and form inputs come with the first click: a list shows only the buttons.
const dialog = lazyModule(() => import("./RecordActionModal"));

/**
 * One record action (e.g. reset password): a small form, or a confirmation, posted to
 * /api/<name>/<id>/<path>. Shown where the list found the action allowed.
 */
export function RecordActionButton({ definition, action, record }: { definition: ResourceDefinition; action: RecordAction; record: Row }) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted so it can animate closed.
  const [used, setUsed] = useState(false);
  const title = titleOf(definition, record);
  const show = () => {
    const opened = () => {
      setUsed(true);
      setOpen(true);
    };
    // Offline: nothing opens, and the next click tries again.
    if (dialog.current) opened();
    else void dialog.load().then(opened, () => undefined);
  };
  const Dialog = used ? dialog.current?.default : undefined;
  return (
    <>
      <HoverTip title={action.label}>
        <Button size="small" icon={ICONS[action.icon ?? "key"]} aria-label={t("resource.actionOn", { action: action.label, title })} onClick={show} />
      </HoverTip>
      {Dialog && <Dialog definition={definition} action={action} record={record} title={title} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
