// Customer chats: the staff inbox API, the widget's visitor API, their sockets and notifications.
import type { ResourceDefinition } from "../../resources/types.js";
import { globalPlugin } from "../lib/plugin.js";
import { chatEvents } from "./events.js";
import { chatNotifier } from "./notify.js";
import chatRoutes from "./routes.js";
import { registerChatSockets } from "./sockets.js";
import visitorRoutes from "./visitor.js";
import { visitorTokens } from "./visitorTokens.js";

export interface ChatOptions extends Record<string, unknown> {
  jwtSecret: string;
  definitions: readonly ResourceDefinition[];
  /** New conversations per minute from one address (default 5). */
  startLimit?: number;
  /** Visitor messages per minute in one conversation (default 20). */
  messageLimit?: number;
}

export default globalPlugin<ChatOptions>("chats", async (app, opts) => {
  const tokens = visitorTokens(opts.jwtSecret);
  const events = chatEvents(app);
  // Sending never rejects: the notification centre logs its own failures.
  const notifier = chatNotifier(app.db, events, (compose) => app.notifications.send(compose));
  registerChatSockets(app, tokens);
  await app.register(chatRoutes, { notifier });
  await app.register(visitorRoutes, {
    tokens,
    events,
    notifier,
    definitions: opts.definitions,
    startLimit: opts.startLimit ?? 5,
    messageLimit: opts.messageLimit ?? 20,
  });
});
