// The delete confirmation (antd Popconfirm), fetched on the first click of a delete button.
import { Popconfirm } from "antd";

/**
 * Open while it is rendered; it hangs on an overlay of its button (so the button stays as it is)
 * that takes the clicks meanwhile, so a second click on the button closes it as before.
 */
export default function DeleteConfirm({
  title,
  description,
  okText,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  okText: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Popconfirm
      open
      title={title}
      description={description}
      okText={okText}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm().finally(onClose)}
      onCancel={onClose}
      onOpenChange={(open) => !open && onClose()}
    >
      <span className="hover-tip__anchor delete-confirm__anchor" aria-hidden="true" />
    </Popconfirm>
  );
}
