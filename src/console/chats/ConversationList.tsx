// The inbox's first pane: status, tabs with their counts, a search, and the conversations, newest
// activity first; each row names its contact and says what is new.
import { useEffect, useId, useState, type ReactNode } from "react";
import { Badge, Button, Input, Select, Skeleton, Tabs } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { Link, useLocation } from "react-router";
import { CONVERSATION_STATUSES } from "../../../protocol/chat";
import { t } from "../../../providers/i18n";
import { CenterSelect } from "../resources/CenterSelect";
import type { ConversationSummary } from "./api";
import { fullTime, PersonAvatar, relativeAgo, shortAgo, useNow } from "./display";
import { InboxEmpty } from "./InboxEmpty";
import { acrossCenters, TABS, useConversations, useHasAnyConversation, type useInboxParams } from "./useInbox";

type Params = ReturnType<typeof useInboxParams>;
const SEARCH_DELAY_MS = 300;

/** The current URL with another conversation open. */
function useConversationHref() {
  const location = useLocation();
  return (id: number) => {
    const search = new URLSearchParams(location.search);
    search.set("conversation", String(id));
    return { pathname: location.pathname, search: `?${search}` };
  };
}

function Row({
  conversation,
  selected,
  href,
  now,
  showCenter,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  href: ReturnType<ReturnType<typeof useConversationHref>>;
  now: number;
  showCenter: boolean;
}) {
  const describedBy = useId();
  const { contact, assignee, unread } = conversation;
  const details = [
    unread > 0 ? t("chats.unreadCount", { count: unread }) : null,
    conversation.preview,
    assignee ? t("chats.assignedTo", { name: assignee.name }) : t("chats.unassigned"),
    showCenter ? conversation.center_code : null,
    relativeAgo(conversation.last_activity_at, now),
  ].filter(Boolean);
  return (
    <li>
      <Link
        to={href}
        state={{ fromList: true }}
        className={`conv-row${selected ? " conv-row--selected" : ""}${unread > 0 ? " conv-row--unread" : ""}`}
        aria-label={contact.name}
        aria-describedby={describedBy}
        aria-current={selected ? "true" : undefined}
      >
        <PersonAvatar name={contact.name} size={36} />
        <span className="conv-row__main">
          <span className="conv-row__top">
            <span className="conv-row__name">{contact.name}</span>
            <time className="conv-row__time" dateTime={conversation.last_activity_at} title={fullTime(conversation.last_activity_at)}>
              {shortAgo(conversation.last_activity_at, now)}
            </time>
          </span>
          <span className="conv-row__bottom">
            <span className="conv-row__preview">{conversation.preview || "\u00a0"}</span>
            {unread > 0 && <Badge count={unread} overflowCount={99} className="conv-row__badge" classNames={{ indicator: "conv-row__count" }} />}
            {assignee && (
              <span title={assignee.name} className="conv-row__assignee">
                <PersonAvatar name={assignee.name} size={20} />
              </span>
            )}
          </span>
          {showCenter && <span className="conv-row__center">{`${conversation.center_code} · #${conversation.number}`}</span>}
        </span>
        <span id={describedBy} className="visually-hidden">
          {details.join(" · ")}
        </span>
      </Link>
    </li>
  );
}

export function ConversationList({ params }: { params: Params }) {
  const { status, tab, q, center, conversation: selected, update } = params;
  const { query, docs, counts } = useConversations({ status, tab, q, center });
  const across = acrossCenters();
  const href = useConversationHref();
  const now = useNow();

  const [search, setSearch] = useState(q);
  useEffect(() => setSearch(q), [q]);
  useEffect(() => {
    if (search === q) return;
    const timer = setTimeout(() => update({ q: search.trim() }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, update]);

  const filtered = !!q || tab !== "all";
  const showEmpty = query.isSuccess && docs.length === 0;
  const anyConversation = useHasAnyConversation(showEmpty && !filtered, center);

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = <InboxEmpty kind="failed" onRetry={() => void query.refetch()} />;
  } else if (query.isLoading) {
    body = <Skeleton active avatar paragraph={{ rows: 2 }} className="inbox__skeleton" />;
  } else if (showEmpty) {
    body = filtered ? (
      <InboxEmpty kind="noMatch" onClear={() => update({ q: null, tab: null })} />
    ) : anyConversation.data === false ? (
      <InboxEmpty kind="none" centerCode={across ? center : undefined} />
    ) : (
      <InboxEmpty kind="status" status={status} />
    );
  } else {
    body = (
      <>
        <ul className="conv-list">
          {docs.map((c) => (
            <Row key={c.id} conversation={c} selected={c.id === selected} href={href(c.id)} now={now} showCenter={across} />
          ))}
        </ul>
        {query.hasNextPage && (
          <div className="conv-list__more">
            <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {t("chats.loadMore")}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section className="inbox__list" aria-label={t("chats.conversations")}>
      <div className="inbox__list-head">
        <div className="inbox__filters">
          <Select
            aria-label={t("chats.statusLabel")}
            className="inbox__status"
            value={status}
            onChange={(value) => update({ status: value })}
            options={CONVERSATION_STATUSES.map((s) => ({ value: s, label: t(`chats.status.${s}`) }))}
          />
          {across && (
            <CenterSelect
              ariaLabel={t("chats.filterByCenter")}
              placeholder={t("chats.allCenters")}
              allowClear
              value={center || null}
              onChange={(code) => update({ center: code })}
            />
          )}
        </div>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          aria-label={t("chats.searchLabel")}
          placeholder={t("chats.search")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Tabs
          // antd measures the tabs only when their keys change: new counts redraw the underline.
          key={counts ? TABS.map((k) => counts[k]).join("-") : "loading"}
          className="inbox__tabs"
          size="small"
          // Closer together than antd's 32 px, so the four fit the list's width, and flush with the rows below.
          tabBarGutter={14}
          tabBarStyle={{ marginBottom: 0 }}
          activeKey={tab}
          onChange={(key) => update({ tab: key })}
          items={TABS.map((key) => ({
            key,
            label: (
              <span className="inbox__tab">
                {t(`chats.tabs.${key}`)}
                <span className="inbox__tab-count">{counts ? counts[key] : ""}</span>
              </span>
            ),
          }))}
        />
      </div>
      <div className="inbox__rows" aria-busy={query.isFetching}>
        {body}
      </div>
    </section>
  );
}
