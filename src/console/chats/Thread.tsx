// The open conversation: header, messages, who is typing, and the composer.
import { Button, Result } from "antd";
import { t } from "../../../providers/i18n";
import { Composer } from "./Composer";
import type { InboxMode } from "./layout";
import { MessageList } from "./MessageList";
import { ThreadHeader } from "./ThreadHeader";
import type { ThreadState } from "./useThread";

export function Thread({ thread, mode, onBack, onContact }: { thread: ThreadState; mode: InboxMode; onBack: () => void; onContact: () => void }) {
  const { id, detail, messages } = thread;
  const conversation = detail.data;
  if (id === null) return null;
  const label = conversation ? t("chats.thread", { name: conversation.contact.name }) : t("chats.threadLoading");

  if (detail.isError || (messages.isError && !messages.data)) {
    const error = detail.error ?? messages.error;
    return (
      <section className="inbox__thread" aria-label={label}>
        <ThreadHeader
          conversation={undefined}
          me={thread.me}
          mode={mode}
          onBack={onBack}
          onContact={onContact}
          setStatus={thread.setStatus}
          assign={thread.assign}
        />
        <Result
          status="warning"
          title={t("chats.threadFailed")}
          subTitle={error instanceof Error ? error.message : undefined}
          extra={
            <Button
              onClick={() => {
                void detail.refetch();
                void messages.refetch();
              }}
            >
              {t("chats.retry")}
            </Button>
          }
        />
      </section>
    );
  }

  return (
    <section className="inbox__thread" aria-label={label}>
      <ThreadHeader
        conversation={conversation}
        me={thread.me}
        mode={mode}
        onBack={onBack}
        onContact={onContact}
        setStatus={thread.setStatus}
        assign={thread.assign}
      />
      <MessageList
        conversationId={id}
        page={thread.page}
        pending={thread.pending}
        me={thread.me}
        loadingEarlier={thread.loadingEarlier}
        earlierError={thread.earlierError}
        onLoadEarlier={() => void thread.loadEarlier()}
        onRetry={thread.retry}
        onDiscard={thread.discard}
      />
      <div className="thread__typing" role="status">
        {thread.typing ? t("chats.typing", { name: thread.typing.name }) : ""}
      </div>
      {conversation && <Composer key={id} conversationId={id} centerCode={conversation.center_code} onSend={thread.send} onTyping={thread.notifyTyping} />}
    </section>
  );
}
