import { ACTIVITY_WORDS, CONVERSATION_STATUSES, type ChatMessage } from "../../../protocol/chat";
import { dayjs } from "../../lib/dates";
import { t } from "../../../providers/i18n";

/**
 * An activity line in the console's language. The thread stores it in English after its actor's
 * name ("Rina assigned this conversation to Budi"); a line whose words are not known is shown as stored.
 */
export function activityLine(message: Pick<ChatMessage, "text" | "author">): string {
  const text = message.text ?? "";
  const name = message.author?.name;
  if (!name || !text.startsWith(`${name} `)) return text;
  const words = text.slice(name.length + 1);
  if (words === ACTIVITY_WORDS.took) return t("chats.activity.took", { name });
  if (words === ACTIVITY_WORDS.unassigned) return t("chats.activity.unassigned", { name });
  if (words.startsWith(ACTIVITY_WORDS.assignedTo)) return t("chats.activity.assignedTo", { name, assignee: words.slice(ACTIVITY_WORDS.assignedTo.length) });
  for (const status of CONVERSATION_STATUSES) {
    const said = ACTIVITY_WORDS[status];
    if (words === said) return t(`chats.activity.${status}`, { name });
    const until = /^ until (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC$/.exec(words.slice(said.length));
    if (status === "snoozed" && words.startsWith(said) && until) {
      return t("chats.activity.snoozedUntil", { name, when: dayjs.utc(until[1]).local().format("D MMM YYYY HH:mm") });
    }
  }
  return text;
}
