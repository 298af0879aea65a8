// A conversation's messages under their days: the visitor's on the left, the team's on the right,
// notes in yellow, activity lines small in the middle, this browser's unconfirmed sends last. Text
// is always text (React children, line breaks kept), never HTML.
import { useLayoutEffect, useMemo, useRef } from "react";
import { Alert, Button, Spin, Tag } from "antd";
import { LockOutlined } from "@ant-design/icons";
import { t } from "../../../providers/i18n";
import { isUpload, type ChatMessage } from "./api";
import { groupByDay, timeOfDay } from "./days";
import { fullTime } from "./display";
import { activityLine } from "./activityLine";
import type { Pending } from "./outbox";
import type { ThreadPage } from "./thread";

type Item = { created_at: string; message: ChatMessage; pending?: undefined } | { created_at: string; pending: Pending; message?: undefined };

/** Within this many pixels of the end counts as "at the bottom": new messages scroll into view. */
const NEAR_BOTTOM_PX = 80;
/** Scrolled this close to the top, the previous page loads. */
const NEAR_TOP_PX = 40;

function Attachment({ path, onLoad }: { path: string | null; onLoad: () => void }) {
  if (!isUpload(path)) return null;
  return (
    <a href={path} target="_blank" rel="noopener noreferrer" className="msg__image">
      <img src={path} alt={t("chats.image")} loading="lazy" onLoad={onLoad} />
    </a>
  );
}

function Message({ message, me, onImage }: { message: ChatMessage; me: number; onImage: () => void }) {
  const time = (
    <time dateTime={message.created_at} title={fullTime(message.created_at)}>
      {timeOfDay(message.created_at)}
    </time>
  );
  if (message.kind === "activity") {
    return (
      <li className="msg msg--activity">
        <span className="msg__activity-text">{activityLine(message)}</span> · {time}
      </li>
    );
  }
  const author = message.author?.id === me && message.kind !== "visitor" ? t("chats.you") : (message.author?.name ?? t("chats.visitor"));
  const note = message.kind === "note";
  return (
    <li className={`msg msg--${message.kind === "visitor" ? "in" : "out"}${note ? " msg--note" : ""}`}>
      <div className="msg__meta">
        {note && (
          <Tag color="gold" icon={<LockOutlined />} className="msg__note-tag">
            {t("chats.note")}
          </Tag>
        )}
        <span className="msg__author">{author}</span> · {time}
      </div>
      <div className="msg__bubble">
        {message.text && <div className="msg__text">{message.text}</div>}
        <Attachment path={message.attachment} onLoad={onImage} />
        {note && <div className="msg__note-hint">{t("chats.noteHint")}</div>}
      </div>
    </li>
  );
}

function PendingMessage({
  pending,
  onRetry,
  onDiscard,
  onImage,
}: {
  pending: Pending;
  onRetry: (p: Pending) => void;
  onDiscard: (p: Pending) => void;
  onImage: () => void;
}) {
  const failed = pending.status === "failed";
  const note = pending.kind === "note";
  return (
    <li className={`msg msg--out msg--pending${note ? " msg--note" : ""}${failed ? " msg--failed" : ""}`} aria-busy={!failed}>
      <div className="msg__meta">
        {note && (
          <Tag color="gold" icon={<LockOutlined />} className="msg__note-tag">
            {t("chats.note")}
          </Tag>
        )}
        <span className="msg__author">{t("chats.you")}</span> · {failed ? <span className="msg__failed">{t("chats.notSent")}</span> : t("chats.sending")}
      </div>
      <div className="msg__bubble">
        {pending.text && <div className="msg__text">{pending.text}</div>}
        <Attachment path={pending.attachment} onLoad={onImage} />
      </div>
      {failed && (
        <div className="msg__retry" role="alert">
          {pending.error && <span className="msg__error">{pending.error}</span>}
          <Button size="small" onClick={() => onRetry(pending)}>
            {t("chats.retry")}
          </Button>
          <Button size="small" type="text" onClick={() => onDiscard(pending)}>
            {t("chats.discard")}
          </Button>
        </div>
      )}
    </li>
  );
}

export function MessageList({
  conversationId,
  page,
  pending,
  me,
  loadingEarlier,
  earlierError,
  onLoadEarlier,
  onRetry,
  onDiscard,
}: {
  conversationId: number;
  page: ThreadPage | undefined;
  pending: Pending[];
  me: number;
  loadingEarlier: boolean;
  earlierError: string | null;
  onLoadEarlier: () => void;
  onRetry: (p: Pending) => void;
  onDiscard: (p: Pending) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const shown = useRef<{ conversation: number; first?: number; last?: number | string; height: number; top: number } | null>(null);

  const groups = useMemo(() => {
    const items: Item[] = [
      ...(page?.docs ?? []).map((message) => ({ created_at: message.created_at, message })),
      ...pending.map((p) => ({ created_at: p.created_at, pending: p })),
    ];
    return groupByDay(items);
  }, [page, pending]);

  const first = page?.docs[0]?.id;
  const lastMessage = page?.docs.at(-1);
  const last = pending.at(-1)?.key ?? lastMessage?.id;

  // Where the view goes after a change: the end on opening and when new messages come while at
  // the end (or this user sent one); the same messages in view when earlier ones were put above.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !page) return;
    const before = shown.current;
    const opened = !before || before.conversation !== conversationId;
    const prepended = !opened && before.first !== undefined && first !== before.first && before.last === last;
    const mine = !opened && last !== before.last && (typeof last === "string" || lastMessage?.author?.id === me);
    if (opened || mine || (atBottom.current && last !== before?.last)) el.scrollTop = el.scrollHeight;
    else if (prepended) el.scrollTop = before.top + (el.scrollHeight - before.height);
    shown.current = { conversation: conversationId, first, last, height: el.scrollHeight, top: el.scrollTop };
  }, [conversationId, page, first, last, lastMessage, me]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (shown.current) {
      shown.current.top = el.scrollTop;
      shown.current.height = el.scrollHeight;
    }
    if (el.scrollTop < NEAR_TOP_PX && page?.has_more && !loadingEarlier && !earlierError) onLoadEarlier();
  };
  // An image that loads late makes the thread taller: stay at the end if that is where we were.
  const onImage = () => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  };

  return (
    <div className="thread__scroll" ref={scroller} onScroll={onScroll}>
      {page?.has_more && (
        <div className="thread__earlier">
          <Button size="small" onClick={onLoadEarlier} loading={loadingEarlier}>
            {t("chats.loadEarlier")}
          </Button>
          {earlierError && <Alert type="error" showIcon message={earlierError} className="thread__earlier-error" />}
        </div>
      )}
      {!page ? (
        <div className="thread__loading">
          <Spin />
        </div>
      ) : (
        <div role="log" aria-label={t("chats.messages")} className="thread__log">
          {groups.map((group) => (
            <div key={group.key} className="day">
              <h3 className="day__label">
                <span>{group.label}</span>
              </h3>
              <ol className="day__messages">
                {group.items.map((item) =>
                  item.message ? (
                    <Message key={item.message.id} message={item.message} me={me} onImage={onImage} />
                  ) : (
                    <PendingMessage key={item.pending.key} pending={item.pending} onRetry={onRetry} onDiscard={onDiscard} onImage={onImage} />
                  ),
                )}
              </ol>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
