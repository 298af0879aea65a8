// Short messages ("Export failed") and confirm dialogs, themed and worded like the rest of the
// console. antd's <App> would give the same through App.useApp(), but it carries the message,
// notification and modal code (~17 KB gzip) onto every first screen; here that code loads with the
// first message or dialog a person causes, and renders inside the console's ConfigProvider.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { FeedbackApi } from "./Holders";

const Holders = lazy(() => import("./Holders"));

type Get = () => Promise<FeedbackApi>;
const FeedbackContext = createContext<Get | null>(null);

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const ready = useRef<{ promise: Promise<FeedbackApi>; resolve: (api: FeedbackApi) => void } | null>(null);
  const get = useCallback<Get>(() => {
    if (!ready.current) {
      let resolve!: (api: FeedbackApi) => void;
      const promise = new Promise<FeedbackApi>((done) => (resolve = done));
      ready.current = { promise, resolve };
      setWanted(true);
    }
    return ready.current.promise;
  }, []);
  const onReady = useCallback((api: FeedbackApi) => ready.current?.resolve(api), []);
  return (
    <FeedbackContext.Provider value={get}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <Holders onReady={onReady} />
        </Suspense>
      )}
    </FeedbackContext.Provider>
  );
}

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  onOk?: () => unknown;
}

/** A screen's messages and confirm dialogs; each call shows once the code has arrived, in order. */
export function useFeedback() {
  const get = useContext(FeedbackContext);
  if (!get) throw new Error("useFeedback needs a FeedbackProvider above it");
  return useMemo(
    () => ({
      // Block bodies: what antd returns is a thenable, which a promise chain would wait on.
      error: (content: ReactNode) =>
        void get().then((api) => {
          void api.message.error(content);
        }),
      success: (content: ReactNode) =>
        void get().then((api) => {
          void api.message.success(content);
        }),
      confirm: (options: ConfirmOptions) =>
        void get().then((api) => {
          api.modal.confirm(options);
        }),
    }),
    [get],
  );
}
