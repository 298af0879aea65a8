// What the list says when it shows nothing: why, and what to do about it.
import { useState } from "react";
import { Button, Empty, Result, Typography } from "antd";
import { CopyOutlined, InboxOutlined } from "@ant-design/icons";
import { session } from "../../../providers/session";
import { t } from "../../../providers/i18n";
import type { ConversationStatus } from "./api";

/** The line a center's website includes to get the chat bubble (README "Chat widget"). */
export const embedSnippet = (origin: string, centerCode: string) => `<script src="${origin}/widget.js" data-center="${centerCode}" async></script>`;

function EmbedSnippet({ centerCode }: { centerCode: string }) {
  const snippet = embedSnippet(window.location.origin, centerCode);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      // Without clipboard access the snippet stays selectable.
    }
  };
  return (
    <div className="embed">
      <figure className="embed__figure" aria-label={t("chats.snippetLabel")}>
        <pre className="embed__code">
          <code>{snippet}</code>
        </pre>
      </figure>
      <Button icon={<CopyOutlined />} onClick={() => void copy()} className="embed__copy">
        {copied ? t("chats.copied") : t("chats.copy")}
      </Button>
    </div>
  );
}

type Props =
  | { kind: "failed"; onRetry: () => void }
  | { kind: "noMatch"; onClear: () => void }
  /** The center has no conversation at all: the widget is probably not on its website yet. */
  | { kind: "none"; centerCode?: string }
  | { kind: "status"; status: ConversationStatus };

export function InboxEmpty(props: Props) {
  switch (props.kind) {
    case "failed":
      return (
        <Result status="warning" className="inbox__empty" title={t("chats.loadFailed")} extra={<Button onClick={props.onRetry}>{t("chats.retry")}</Button>} />
      );
    case "noMatch":
      return (
        <Empty className="inbox__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("chats.noMatch")}>
          <Button onClick={props.onClear}>{t("chats.clear")}</Button>
        </Empty>
      );
    case "status":
      return (
        <Empty
          className="inbox__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <strong>{t(`chats.noneIn.${props.status}`)}</strong>
              <br />
              <Typography.Text type="secondary">{t(props.status === "open" ? "chats.emptyHint" : "chats.noneInHint")}</Typography.Text>
            </>
          }
        />
      );
    case "none": {
      const code = props.centerCode ?? session.getCenter()?.code ?? "";
      return (
        <div className="inbox__empty inbox__empty--none">
          <InboxOutlined className="inbox__empty-icon" aria-hidden />
          <Typography.Title level={5} className="inbox__empty-text">
            {t("chats.empty")}
          </Typography.Title>
          {code ? (
            <>
              <Typography.Paragraph type="secondary" className="inbox__empty-text">
                {t("chats.noneYetHint", { center: code })}
              </Typography.Paragraph>
              <EmbedSnippet centerCode={code} />
            </>
          ) : (
            <Typography.Paragraph type="secondary" className="inbox__empty-text">
              {t("chats.chooseCenterHint")}
            </Typography.Paragraph>
          )}
        </div>
      );
    }
  }
}
