// /app/customer-chats: the conversations, the open one, and its contact, as the width allows.
import { lazy, Suspense, useEffect, useState } from "react";
import { Button, Empty } from "antd";
import { Drawer } from "../layout/Drawer";
import { MessageOutlined } from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import { t } from "../../../providers/i18n";
import { PageTitle } from "../PageTitle";
import { ContactDetails, ContactPanel } from "./ContactPanel";
import { ConversationList } from "./ConversationList";
import { useInboxLayout } from "./layout";
import { Thread } from "./Thread";
import { useInboxLiveRefresh, useInboxParams } from "./useInbox";
import { useThread } from "./useThread";
import "./inbox.css";

const CannedReplies = lazy(() => import("./CannedReplies"));

export function Inbox() {
  const params = useInboxParams();
  const thread = useThread(params.conversation);
  useInboxLiveRefresh();
  const open = params.conversation !== null;
  const { ref, mode, height } = useInboxLayout<HTMLDivElement>(bottomGap());
  const [contactOpen, setContactOpen] = useState(false);
  const [cannedOpen, setCannedOpen] = useState(false);
  useEffect(() => {
    if (mode === "wide" || !open) setContactOpen(false);
  }, [mode, open]);

  // Back on a phone: to the list it came from (the browser's history), else the list itself.
  const location = useLocation();
  const navigate = useNavigate();
  const back = () => ((location.state as { fromList?: boolean } | null)?.fromList ? navigate(-1) : params.update({ conversation: null }));

  const showList = mode !== "narrow" || !open;
  const showThread = mode !== "narrow" || open;

  return (
    <>
      <div className={mode === "narrow" && open ? "visually-hidden" : undefined}>
        <PageTitle extra={<Button onClick={() => setCannedOpen(true)}>{t("chats.cannedReplies")}</Button>}>{t("chats.title")}</PageTitle>
      </div>
      <div ref={ref} className={`inbox inbox--${mode}${mode === "wide" && open ? " inbox--with-contact" : ""}`} style={{ height }}>
        {showList && <ConversationList params={params} />}
        {showThread &&
          (open ? (
            <Thread thread={thread} mode={mode} onBack={back} onContact={() => setContactOpen(true)} />
          ) : (
            <div className="inbox__thread inbox__thread--none">
              <Empty image={<MessageOutlined className="inbox__none-icon" aria-hidden />} description={t("chats.pick")} />
            </div>
          ))}
        {mode === "wide" && open && <ContactPanel conversation={thread.detail.data} />}
      </div>
      <Drawer open={contactOpen} onClose={() => setContactOpen(false)} title={t("chats.contactDetails")} width="min(360px, 100vw)">
        <ContactDetails conversation={thread.detail.data} />
      </Drawer>
      {cannedOpen && (
        <Suspense fallback={null}>
          <CannedReplies open={cannedOpen} onClose={() => setCannedOpen(false)} defaultCenter={params.center} />
        </Suspense>
      )}
    </>
  );
}

/** The space kept under the inbox: the shell's own padding at the bottom. */
const bottomGap = () => (typeof window !== "undefined" && window.innerWidth <= 600 ? 16 : 24);
