// Every feature's messages in both languages (each feature's messages.ts), for the language plugin.
// Patterns are tried in this order, so the features whose templates are the most general (the
// documents engine's "{label} saved") come last.
import activity from "./activity/messages.js";
import approvals from "./approvals/messages.js";
import chats from "./chats/messages.js";
import definitions from "./definitions/messages.js";
import documents from "./documents/messages.js";
import type { Messages } from "./http/language.js";
import http from "./http/messages.js";
import notifications from "./notifications/messages.js";
import plugins from "./plugins/messages.js";
import routes from "./routes/messages.js";
import reports from "./reports/messages.js";
import schedule from "./schedule/messages.js";
import twoFactor from "./twoFactor/messages.js";
import users from "./users/messages.js";

export const SERVER_MESSAGES: readonly Messages[] = [
  plugins,
  http,
  definitions,
  routes,
  twoFactor,
  users,
  activity,
  approvals,
  schedule,
  reports,
  chats,
  notifications,
  documents,
];
