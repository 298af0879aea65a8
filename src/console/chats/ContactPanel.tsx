// Who the visitor is, as far as the widget learnt: contact details, where they came from, when they
// were last seen, and their other conversations with this center.
import { Descriptions, Empty, Skeleton, Tag, Typography } from "antd";
import { Link, useLocation } from "react-router";
import { t } from "../../../providers/i18n";
import { webUrl, type ConversationDetail } from "./api";
import { Ago, fullTime, PersonAvatar, STATUS_COLORS } from "./display";

function Address({ value }: { value: string | null }) {
  if (!value) return <Typography.Text type="secondary">-</Typography.Text>;
  const href = webUrl(value);
  // A visitor's browser reported it: a link only when it is a web address, shown as text always.
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="contact__url">
      {value}
    </a>
  ) : (
    <span className="contact__url">{value}</span>
  );
}

export function ContactDetails({ conversation }: { conversation: ConversationDetail | undefined }) {
  const location = useLocation();
  if (!conversation) return <Skeleton active avatar paragraph={{ rows: 5 }} />;
  const { contact, past } = conversation;
  const linkTo = (id: number) => {
    const search = new URLSearchParams(location.search);
    search.set("conversation", String(id));
    return { pathname: location.pathname, search: `?${search}` };
  };
  const none = <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <div className="contact">
      <div className="contact__head">
        <PersonAvatar name={contact.name} size={48} />
        <Typography.Title level={4} className="contact__name">
          {contact.name}
        </Typography.Title>
      </div>
      <Descriptions
        column={1}
        size="small"
        layout="vertical"
        colon={false}
        className="contact__details"
        classNames={{ label: "contact__label" }}
        items={[
          { key: "email", label: t("chats.email"), children: contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : none },
          {
            key: "phone",
            label: t("chats.phone"),
            children: contact.phone ? <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>{contact.phone}</a> : none,
          },
          { key: "language", label: t("chats.language"), children: contact.language ?? none },
          { key: "first", label: t("chats.firstPage"), children: <Address value={contact.first_page} /> },
          { key: "referrer", label: t("chats.referrer"), children: <Address value={contact.referrer} /> },
          { key: "seen", label: t("chats.lastSeen"), children: <Ago at={contact.last_seen_at} /> },
          { key: "since", label: t("chats.firstContact"), children: <Ago at={contact.created_at} /> },
        ]}
      />
      <Typography.Title level={5} className="contact__past-title">
        {t("chats.past")}
      </Typography.Title>
      {past.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("chats.noPast")} className="contact__no-past" />
      ) : (
        <ul className="contact__past">
          {past.map((p) => (
            <li key={p.id}>
              <Link to={linkTo(p.id)} className="contact__past-link">
                <span className="contact__past-top">
                  <span>#{p.number}</span>
                  <Tag color={STATUS_COLORS[p.status]} className="contact__past-tag">
                    {t(`chats.status.${p.status}`)}
                  </Tag>
                  <time dateTime={p.created_at}>{fullTime(p.created_at)}</time>
                </span>
                <span className="contact__past-preview">{p.preview}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The third pane on a wide screen. */
export function ContactPanel({ conversation }: { conversation: ConversationDetail | undefined }) {
  return (
    <aside className="inbox__contact" aria-label={t("chats.contactDetails")}>
      <ContactDetails conversation={conversation} />
    </aside>
  );
}
