// antd's message and modal hooks, mounted (once) by FeedbackProvider when a screen first asks.
import { useEffect } from "react";
import { message, Modal } from "antd";
import { useToastTop } from "../layout/toastTop";

export interface FeedbackApi {
  message: ReturnType<typeof message.useMessage>[0];
  modal: ReturnType<typeof Modal.useModal>[0];
}

export default function Holders({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const [messageApi, messageHolder] = message.useMessage({ top: useToastTop() });
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => onReady({ message: messageApi, modal: modalApi }), [messageApi, modalApi, onReady]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
