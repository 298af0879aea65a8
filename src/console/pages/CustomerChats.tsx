import { Inbox } from "../chats/Inbox";
import { useChatUnread, useUnreadTitle } from "../chats/unread";

/** /app/customer-chats: the website chat inbox; the tab's title counts what is unread. */
export default function CustomerChats() {
  // After the page's own title is set (children's effects run first): "(3) Customer Chats · …".
  useUnreadTitle(useChatUnread());
  return <Inbox />;
}
