// The notification centre: listens to the changes routes publish after they commit, stores who is
// told what (one INSERT per change), delivers each entry to its user's open consoles (app.live) and
// hands it to push. It runs after the answer is decided: a failure here is logged and never
// reaches the request that made the change.
import { globalPlugin } from "../lib/plugin.js";
import { createPushDispatch, type PushOptions } from "../push/dispatch.js";
import { decisionDrafts, recordDrafts } from "./compose.js";
import notificationRoutes from "./routes.js";
import { storeNotifications, type Draft, type Stored } from "./store.js";

export interface NotificationsOptions extends Record<string, unknown> {
  /** Push to browsers through this sender; without one, notifications stay in the console. */
  push?: PushOptions;
}

declare module "fastify" {
  interface FastifyInstance {
    notifications: {
      /**
       * Stores the drafts, delivers them to their users' consoles and pushes them: for notifications
       * of other sources than record changes. Never rejects (failures are logged).
       */
      send(drafts: readonly Draft[] | (() => Promise<readonly Draft[]>)): Promise<void>;
      /**
       * Delivers notifications already stored (in the transaction of what they tell, so they exist
       * exactly when it happened) to their users' consoles and pushes them. Never rejects.
       */
      deliver(stored: readonly Stored[]): Promise<void>;
      /** Resolves once every notification so far is stored, delivered and pushed (retries too). */
      whenIdle(): Promise<void>;
    };
  }
}

const pushMessage = ({ item }: Stored) => ({
  title: item.title,
  body: item.body,
  url: item.link,
  tag: item.resource && item.record_id !== null ? `${item.resource}-${item.record_id}` : `notification-${item.id}`,
});

export default globalPlugin<NotificationsOptions>("notifications", async (app, opts) => {
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled: Promise<unknown> = work.catch(() => {}).finally(() => pending.delete(settled));
    pending.add(settled);
  };
  const push = opts.push ? createPushDispatch(app.db, app.log, opts.push, track) : undefined;

  async function notify(compose: () => Draft[] | Promise<Draft[]>) {
    let stored: Stored[];
    try {
      stored = await storeNotifications(app.db, await compose());
    } catch (err) {
      app.log.error({ err }, "storing notifications failed");
      return;
    }
    await deliver(stored);
  }

  async function deliver(stored: readonly Stored[]) {
    for (const s of stored) app.live.notify(s.userId, s.item, s.unread);
    try {
      await push?.deliver(stored.map((s) => ({ userId: s.userId, message: pushMessage(s) })));
    } catch (err) {
      app.log.warn({ err }, "push delivery failed");
    }
  }

  app.changes.on("decision", (event) => track(notify(() => decisionDrafts(event))));
  app.changes.on("record", (event) => track(notify(() => recordDrafts(app.db, event))));

  const whenIdle = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  app.decorate("notifications", {
    send(drafts) {
      // A function is tracked from its start: whenIdle() covers finding the recipients too.
      const work = notify(async () => [...(typeof drafts === "function" ? await drafts() : drafts)]);
      track(work);
      return work;
    },
    deliver(stored) {
      const work = deliver(stored);
      track(work);
      return work;
    },
    whenIdle,
  });
  // A stop lets the changes already made finish telling their users (before the database closes),
  // and drops the push retries still waiting.
  app.addHook("onClose", async () => {
    push?.close();
    await whenIdle();
  });

  await app.register(notificationRoutes);
});
