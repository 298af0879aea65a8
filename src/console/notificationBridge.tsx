// Loaded with the first toast (see notificationProvider.ts): @refinedev/antd's notification
// provider, inside antd's App so its toasts take the console's theme.
import { useEffect } from "react";
import { App } from "antd";
import type { NotificationProvider } from "@refinedev/core";
import { useNotificationProvider } from "@refinedev/antd";

function Provide({ onReady }: { onReady: (provider: NotificationProvider) => void }) {
  const provider = useNotificationProvider();
  useEffect(() => onReady(provider), [onReady, provider]);
  return null;
}

export default function NotificationBridge({ onReady }: { onReady: (provider: NotificationProvider) => void }) {
  return (
    <App>
      <Provide onReady={onReady} />
    </App>
  );
}
