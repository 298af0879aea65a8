// Loaded with the first toast (see notificationProvider.ts): @refinedev/antd's notification
// provider, inside antd's App so its toasts take the console's theme, below the page's header.
import { useEffect } from "react";
import { App } from "antd";
import type { NotificationProvider } from "@refinedev/core";
import { useNotificationProvider } from "@refinedev/antd";
import { useToastTop } from "./layout/toastTop";

function Provide({ onReady }: { onReady: (provider: NotificationProvider) => void }) {
  const provider = useNotificationProvider();
  useEffect(() => onReady(provider), [onReady, provider]);
  return null;
}

export default function NotificationBridge({ onReady }: { onReady: (provider: NotificationProvider) => void }) {
  const top = useToastTop();
  return (
    <App notification={{ top }}>
      <Provide onReady={onReady} />
    </App>
  );
}
