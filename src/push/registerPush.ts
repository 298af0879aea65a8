import { load } from "../app/services";
import { pushToken } from "./pushToken";

export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  vapidKey: string;
}

export function firebaseConfigFromEnv(env: Record<string, string | undefined> = import.meta.env): FirebaseWebConfig | null {
  const config = {
    apiKey: env.VITE_FIREBASE_API_KEY,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
    appId: env.VITE_FIREBASE_APP_ID,
    vapidKey: env.VITE_FIREBASE_VAPID_KEY,
  };
  return Object.values(config).every(Boolean) ? (config as FirebaseWebConfig) : null;
}

export interface PushDeps {
  config: FirebaseWebConfig | null;
  permission: () => Promise<NotificationPermission>;
  registerWorker: () => Promise<ServiceWorkerRegistration>;
  /** Firebase's getToken; loaded lazily so the SDK never weighs on the first paint. */
  token: (config: FirebaseWebConfig, registration: ServiceWorkerRegistration) => Promise<string>;
  send: (body: { fcm_token: string; user_id: number }) => Promise<unknown>;
  log: (message: string) => void;
}

const browserDeps = (): PushDeps => ({
  config: firebaseConfigFromEnv(),
  permission: async () => (Notification.permission === "default" ? Notification.requestPermission() : Notification.permission),
  registerWorker: () => navigator.serviceWorker.register("/sw.js"),
  token: async (config, registration) => {
    const [{ initializeApp, getApps }, { getMessaging, getToken }] = await Promise.all([import("firebase/app"), import("firebase/messaging")]);
    const app = getApps()[0] ?? initializeApp(config);
    return getToken(getMessaging(app), { vapidKey: config.vapidKey, serviceWorkerRegistration: registration });
  },
  send: (body) => load({ method: "POST", url: "/_firebase/register/", body }),
  log: (message) => console.info(message),
});

/**
 * Spec §7 push: with notification permission granted, register /sw.js, get the push token and
 * register it for this user. Without Firebase settings, or when permission is denied, it only logs.
 */
export async function registerPush(userId: number, deps: PushDeps | null = null): Promise<"registered" | "skipped" | "denied" | "failed"> {
  if (!deps && (typeof Notification === "undefined" || !("serviceWorker" in navigator))) return "skipped";
  const d = deps ?? browserDeps();
  if (!d.config) return "skipped";
  try {
    const permission = await d.permission();
    if (permission !== "granted") {
      d.log(`Push notifications not enabled: permission ${permission}`);
      return "denied";
    }
    const registration = await d.registerWorker();
    const token = await d.token(d.config, registration);
    if (!token) return "failed";
    await d.send({ fcm_token: token, user_id: userId });
    // Sign-out unregisters it (pushToken.ts).
    pushToken.set(token);
    return "registered";
  } catch (error) {
    d.log(`Push registration failed: ${error instanceof Error ? error.message : String(error)}`);
    return "failed";
  }
}
