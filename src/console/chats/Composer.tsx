// Writing in a conversation: a reply the visitor sees or a note for the team; Enter sends,
// Shift+Enter starts a new line; "/" at the start offers the center's canned replies; an image can
// go with the text. The draft of each conversation is kept while others are open.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Button, Input, Segmented, Tooltip } from "antd";
import { CloseOutlined, LoadingOutlined, PaperClipOutlined, SendOutlined } from "@ant-design/icons";
import type { GetRef } from "antd";
import { useQuery } from "@tanstack/react-query";
import { MESSAGE_MAX } from "../../../protocol/chat";
import { HttpError } from "../../../providers/http";
import { session } from "../../../providers/session";
import { t } from "../../../providers/i18n";
import { chatKeys, useChatApi, type CannedReply } from "./api";
import { filterCanned, moveActive, slashQuery } from "./canned";
import { errorText } from "./useThread";

export type ComposerKind = "reply" | "note";
/** The counter shows from this many characters left. */
const COUNT_FROM = 400;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif";

/** Unsent text per user and conversation, for as long as the console is open. */
const drafts = new Map<string, string>();
/** Set once the server refused an upload to this user: the attach button goes away. */
let uploadsRefused = false;

interface Attached {
  name: string;
  url: string | null;
  uploading: boolean;
}

/** The center's canned replies (read once the picker first opens). */
export function useCannedReplies(centerCode: string, enabled: boolean) {
  const api = useChatApi();
  return useQuery({
    queryKey: chatKeys.canned(centerCode),
    queryFn: async () => (await api.get<{ docs: CannedReply[] }>("/api/chats/canned-replies", { center_code: centerCode })).data.docs,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export function Composer({
  conversationId,
  centerCode,
  onSend,
  onTyping,
}: {
  conversationId: number;
  centerCode: string;
  onSend: (kind: "staff" | "note", text: string, attachment: string | null) => void;
  onTyping: () => void;
}) {
  const api = useChatApi();
  const [kind, setKind] = useState<ComposerKind>("reply");
  const draftKey = `${session.getUser()?.id ?? 0}:${conversationId}`;
  const [text, setText] = useState(() => drafts.get(draftKey) ?? "");
  const [attached, setAttached] = useState<Attached | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [canAttach, setCanAttach] = useState(!uploadsRefused);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const input = useRef<GetRef<typeof Input.TextArea>>(null);
  const file = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hintId = useId();

  useEffect(() => {
    if (text) drafts.set(draftKey, text);
    else drafts.delete(draftKey);
  }, [draftKey, text]);

  const query = slashQuery(text);
  const asked = query !== null && dismissed !== text;
  const canned = useCannedReplies(centerCode, query !== null);
  const matches = useMemo(() => (query === null ? [] : filterCanned(canned.data ?? [], query)), [canned.data, query]);
  const pickerOpen = asked && (matches.length > 0 || canned.isFetched);
  // Each new query starts at the first match, in the render that shows its matches.
  const [activeFor, setActiveFor] = useState(query);
  if (activeFor !== query) {
    setActiveFor(query);
    setActive(0);
  }

  const textarea = () => input.current?.resizableTextArea?.textArea;
  const insert = (reply: CannedReply) => {
    setText(reply.text);
    setDismissed(null);
    requestAnimationFrame(() => {
      const el = textarea();
      el?.focus();
      el?.setSelectionRange(reply.text.length, reply.text.length);
    });
  };

  const uploading = !!attached?.uploading;
  const canSend = (text.trim().length > 0 || !!attached?.url) && !uploading && text.length <= MESSAGE_MAX;
  const submit = () => {
    if (!canSend) return;
    onSend(kind === "note" ? "note" : "staff", text.trim(), attached?.url ?? null);
    setText("");
    setAttached(null);
    setProblem(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (pickerOpen) {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(text);
        return;
      }
      if (matches.length > 0) {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          setActive((i) => moveActive(i, event.key === "ArrowDown" ? 1 : -1, matches.length));
          return;
        }
        if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
          event.preventDefault();
          insert(matches[Math.min(active, matches.length - 1)]!);
          return;
        }
      }
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    setProblem(null);
    if (chosen.size > MAX_IMAGE_BYTES) return setProblem(t("chats.imageTooBig"));
    setAttached({ name: chosen.name, url: null, uploading: true });
    try {
      const url = await api.upload(chosen);
      setAttached({ name: chosen.name, url, uploading: false });
    } catch (error) {
      setAttached(null);
      if (error instanceof HttpError && error.statusCode === 403) {
        uploadsRefused = true;
        setCanAttach(false);
        setProblem(t("chats.uploadDenied"));
      } else setProblem(`${t("chats.uploadFailed")}: ${errorText(error)}`);
    }
  };

  const left = MESSAGE_MAX - text.length;
  const activeId = pickerOpen && matches.length > 0 ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined;

  return (
    <div className={`composer${kind === "note" ? " composer--note" : ""}`}>
      {pickerOpen && (
        <div className="canned-picker">
          <div className="canned-picker__head" id={hintId}>
            {t("chats.cannedReplies")} · {t("chats.cannedHint")}
          </div>
          {matches.length > 0 ? (
            // The textarea keeps the focus (aria-activedescendant names the active option; arrows
            // and Enter there choose): each option is a button for the pointer, out of the tab order.
            <div role="listbox" id={listId} aria-label={t("chats.cannedReplies")} className="canned-picker__list">
              {matches.map((reply, i) => (
                <button
                  type="button"
                  key={reply.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  tabIndex={-1}
                  className={`canned-picker__item${i === active ? " canned-picker__item--active" : ""}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => insert(reply)}
                >
                  <span className="canned-picker__code">/{reply.short_code}</span>
                  <span className="canned-picker__text">{reply.text}</span>
                </button>
              ))}
            </div>
          ) : (
            <div className="canned-picker__none">{t("chats.noCanned", { q: query ?? "" })}</div>
          )}
        </div>
      )}
      <div className="composer__top">
        <Segmented<ComposerKind>
          size="small"
          className="composer__kind"
          aria-label={t("chats.messageKind")}
          value={kind}
          onChange={setKind}
          options={[
            { value: "reply", label: t("chats.reply"), className: "composer__kind-option" },
            { value: "note", label: t("chats.note"), className: "composer__kind-option" },
          ]}
        />
        {kind === "note" && <span className="composer__note-hint">{t("chats.noteHint")}</span>}
      </div>
      <Input.TextArea
        ref={input}
        aria-label={t("chats.messageLabel")}
        aria-describedby={pickerOpen ? hintId : undefined}
        aria-controls={pickerOpen && matches.length > 0 ? listId : undefined}
        aria-activedescendant={activeId}
        className="composer__input"
        placeholder={t(kind === "note" ? "chats.composerNote" : "chats.composerReply")}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={MESSAGE_MAX}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (kind === "reply" && e.target.value.trim() && !e.target.value.startsWith("/")) onTyping();
        }}
        onKeyDown={onKeyDown}
      />
      {attached && (
        <div className="composer__attached">
          {attached.uploading ? <LoadingOutlined aria-hidden /> : <PaperClipOutlined aria-hidden />}
          <span className="composer__file">{attached.uploading ? t("chats.uploading") : attached.name}</span>
          <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t("chats.removeAttachment")} onClick={() => setAttached(null)} />
        </div>
      )}
      {problem && (
        <div className="composer__problem" role="alert">
          {problem}
        </div>
      )}
      <div className="composer__actions">
        {canAttach && (
          <>
            <input
              ref={file}
              type="file"
              accept={IMAGE_TYPES}
              hidden
              onChange={(e) => {
                const el = e.currentTarget;
                void pick(el.files?.[0]).finally(() => {
                  el.value = "";
                });
              }}
            />
            <Tooltip title={t("chats.attach")}>
              <Button type="text" icon={<PaperClipOutlined />} aria-label={t("chats.attach")} onClick={() => file.current?.click()} disabled={uploading} />
            </Tooltip>
          </>
        )}
        {left <= COUNT_FROM && (
          <span className={`composer__count${left <= 0 ? " composer__count--none" : ""}`} aria-live="polite">
            {t("chats.charactersLeft", { count: left })}
          </span>
        )}
        <Button type="primary" icon={<SendOutlined />} onClick={submit} disabled={!canSend} className="composer__send">
          {t("chats.send")}
        </Button>
      </div>
    </div>
  );
}
