// Renders a piece of the inbox against a fake transport and a fake socket (no server).
import { FeedbackProvider } from "../../feedback/Feedback";
import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, useLocation } from "react-router";
import type { ChatMessage, ConversationDetail, ConversationSummary } from "../../../../protocol/chat";
import { createDataProvider } from "../../../../providers/dataProvider";
import { createHttpClient } from "../../../../providers/http";
import { createLoader } from "../../../../providers/loader";
import { session } from "../../../../providers/session";
import { fakeTransport, ok, type RecordedRequest, type Reply } from "../../../../providers/test/transport";
import { LiveContext } from "../../live/context";
import { fakeLive } from "../../live/test/fakeSocket";

export const ME = { id: 7, name: "Rina Manager" };

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Signed in as Rina at JKT01, the socket connected. */
export async function renderChats(ui: ReactNode, route: (request: RecordedRequest) => Reply | Promise<Reply>, path = "/app/customer-chats") {
  session.setUser({ id: ME.id, token: "t", fullname: ME.name, user_type: "center_admin" });
  session.setCenter({ code: "JKT01", assignmentId: 1 });
  const { adapter, requests } = fakeTransport(route);
  const dataProvider = createDataProvider(createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 }));
  const live = fakeLive();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <LiveContext.Provider value={live.connection}>
        <FeedbackProvider>
          <Refine
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            accessControlProvider={{ can: async () => ({ can: true }) }}
            options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
          >
            {ui}
            <Where />
          </Refine>
        </FeedbackProvider>
      </LiveContext.Provider>
    </MemoryRouter>,
  );
  await live.connected();
  return { ...utils, requests, live };
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

export function summary(id: number, name: string, extra: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id,
    number: id,
    center_code: "JKT01",
    status: "open",
    contact: { id: 100 + id, name, email: null, phone: null },
    assignee: null,
    snoozed_until: null,
    waiting_since: minutesAgo(5),
    first_reply_at: null,
    last_activity_at: minutesAgo(id),
    preview: `Question from ${name}`,
    unread: 0,
    created_at: minutesAgo(60),
    ...extra,
  };
}

export function detail(s: ConversationSummary): ConversationDetail {
  return {
    ...s,
    contact: {
      ...s.contact,
      language: "id-ID",
      first_page: "https://school.example/kids",
      referrer: "javascript:alert(1)",
      last_seen_at: minutesAgo(2),
      created_at: minutesAgo(90),
    },
    past: [],
  };
}

export function chatMessage(id: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversation_id: 5,
    kind: "visitor",
    text: `Message ${id}`,
    attachment: null,
    author: { id: 0, name: "Sari Wulandari" },
    created_at: minutesAgo(30 - id),
    ...extra,
  };
}

export const listReply = (docs: ConversationSummary[], unread_total = 0): Reply =>
  ok({ docs, totalDocs: docs.length, page: 1, limit: 30, totalPages: 1, counts: { mine: 0, unassigned: docs.length, all: docs.length }, unread_total });
