// The open conversation's header: who it is with, its number and status, and what can be done
// with it (resolve or reopen, mark pending, snooze, assign).
import { lazy, Suspense, useState } from "react";
import { Button, Dropdown, Select, Tag, Tooltip, Typography } from "antd";
import {
  ArrowLeftOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  DownOutlined,
  EllipsisOutlined,
  IdcardOutlined,
  RedoOutlined,
  UserAddOutlined,
} from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { t } from "../../../providers/i18n";
import { chatKeys, useChatApi, type Agent, type ConversationDetail, type ConversationStatus } from "./api";
import { fullTime, PersonAvatar, STATUS_COLORS } from "./display";
import type { InboxMode } from "./layout";
import { SNOOZE_PRESETS, snoozeUntil, type SnoozePreset } from "./snooze";
import { errorText } from "./useThread";
import { useFeedback } from "../feedback/Feedback";

const SnoozeModal = lazy(() => import("./SnoozeModal"));
const UNASSIGNED = 0;

function useAgents(centerCode: string | undefined) {
  const api = useChatApi();
  return useQuery({
    queryKey: chatKeys.agents(centerCode ?? ""),
    queryFn: async () => (await api.get<Agent[]>("/api/chats/agents", { center_code: centerCode })).data,
    enabled: !!centerCode,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function ThreadHeader({
  conversation,
  me,
  mode,
  onBack,
  onContact,
  setStatus,
  assign,
}: {
  conversation: ConversationDetail | undefined;
  me: number;
  mode: InboxMode;
  onBack: () => void;
  onContact: () => void;
  setStatus: (status: ConversationStatus, until?: Date) => Promise<void>;
  assign: (assigneeId: number | null) => Promise<void>;
}) {
  const feedback = useFeedback();
  const agents = useAgents(conversation?.center_code);
  const [busy, setBusy] = useState<string | null>(null);
  const [customSnooze, setCustomSnooze] = useState(false);

  const run = async (what: string, action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
      return true;
    } catch (error) {
      feedback.error(errorText(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const status = conversation?.status;
  const assignee = conversation?.assignee ?? null;
  const options = [
    { value: UNASSIGNED, label: t("chats.unassigned") },
    ...(agents.data ?? []).map((a) => ({ value: a.id, label: a.id === me ? t("chats.meName", { name: a.name }) : a.name })),
  ];
  if (assignee && !options.some((o) => o.value === assignee.id)) options.push({ value: assignee.id, label: assignee.name });

  const snoozeItems = [
    ...SNOOZE_PRESETS.map((preset: SnoozePreset) => ({ key: preset, label: t(`chats.snoozeFor.${preset}`) })),
    { type: "divider" as const },
    { key: "custom", label: t("chats.snoozeFor.custom") },
  ];
  const moreItems = [
    ...(status !== "pending" ? [{ key: "pending", label: t("chats.markPending") }] : []),
    ...(status === "pending" || status === "snoozed" ? [{ key: "open", label: t("chats.reopen") }] : []),
  ];

  const assignment = conversation && (
    <span className="thread__assign">
      <Select
        aria-label={t("chats.assignee")}
        className="thread__assignee"
        value={assignee?.id ?? UNASSIGNED}
        options={options}
        loading={agents.isLoading || busy === "assign"}
        disabled={busy === "assign"}
        popupMatchSelectWidth={false}
        onChange={(value: number) => void run("assign", () => assign(value === UNASSIGNED ? null : value))}
      />
      {assignee?.id !== me && (
        <Tooltip title={t("chats.assignToMe")}>
          <Button icon={<UserAddOutlined />} aria-label={t("chats.assignToMe")} onClick={() => void run("assign", () => assign(me))} />
        </Tooltip>
      )}
    </span>
  );

  return (
    <header className="thread__header">
      <div className="thread__who">
        {mode === "narrow" && (
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} className="thread__back">
            {t("chats.back")}
          </Button>
        )}
        {conversation && mode !== "narrow" && <PersonAvatar name={conversation.contact.name} size={36} />}
        <div className="thread__title">
          <Typography.Title level={3} className="thread__name">
            {conversation?.contact.name ?? "\u00a0"}
          </Typography.Title>
          {conversation && (
            <div className="thread__sub">
              <span>#{conversation.number}</span>
              <Tag color={STATUS_COLORS[conversation.status]} className="thread__status">
                {t(`chats.status.${conversation.status}`)}
              </Tag>
              {conversation.status === "snoozed" && conversation.snoozed_until && (
                <span className="thread__snoozed">{t("chats.snoozedUntil", { when: fullTime(conversation.snoozed_until) })}</span>
              )}
            </div>
          )}
        </div>
        {mode !== "wide" && conversation && (
          <Button
            icon={<IdcardOutlined />}
            onClick={onContact}
            className="thread__contact-button"
            aria-label={mode === "narrow" ? t("chats.contact") : undefined}
          >
            {mode === "narrow" ? null : t("chats.contact")}
          </Button>
        )}
      </div>
      {conversation && (
        <div className="thread__actions">
          {status === "resolved" ? (
            <Button icon={<RedoOutlined />} loading={busy === "open"} onClick={() => void run("open", () => setStatus("open"))}>
              {t("chats.reopen")}
            </Button>
          ) : (
            <Button
              type="primary"
              ghost
              icon={<CheckOutlined />}
              loading={busy === "resolved"}
              onClick={() => void run("resolved", () => setStatus("resolved"))}
            >
              {t("chats.resolve")}
            </Button>
          )}
          <Dropdown
            trigger={["click"]}
            menu={{
              items: snoozeItems,
              onClick: ({ key }) => {
                if (key === "custom") setCustomSnooze(true);
                else void run("snoozed", () => setStatus("snoozed", snoozeUntil(key as SnoozePreset)));
              },
            }}
          >
            <Button icon={<ClockCircleOutlined />} loading={busy === "snoozed"}>
              {t("chats.snooze")} <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
          {moreItems.length > 0 && (
            <Dropdown trigger={["click"]} menu={{ items: moreItems, onClick: ({ key }) => void run(key, () => setStatus(key as ConversationStatus)) }}>
              <Tooltip title={t("chats.more")}>
                <Button icon={<EllipsisOutlined />} aria-label={t("chats.more")} loading={busy === "pending"} />
              </Tooltip>
            </Dropdown>
          )}
          {assignment}
        </div>
      )}
      {customSnooze && (
        <Suspense fallback={null}>
          <SnoozeModal
            open
            onCancel={() => setCustomSnooze(false)}
            onSnooze={async (until) => {
              if (await run("snoozed", () => setStatus("snoozed", until))) setCustomSnooze(false);
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
