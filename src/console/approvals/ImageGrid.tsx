import type { ReactNode } from "react";
import { Checkbox, Image, Skeleton, Space, Tooltip, Typography } from "antd";
import { PictureOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { t } from "../../../providers/i18n";
import type { ApprovalRequest } from "./api";
import { ChangeTag, When } from "./display";
import { SelectAll } from "./SelectAll";
import { approvalPagePath } from "./queues";
import "./approvals.css";

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** What a card shows of a proposal: the image, its title and alt text. */
export function cardOf(request: ApprovalRequest) {
  const proposed = request.proposed ?? {};
  return {
    src: text(request.image) ?? text(proposed.image),
    title: text(proposed.title) ?? request.title,
    alt: text(proposed.alt_text) ?? text(proposed.alt),
  };
}

/** The image queue: a thumbnail grid to pick from; a click on a picture opens it large. */
export function ImageGrid({
  docs,
  loading,
  selectable,
  selected,
  onSelect,
  acrossCenters,
  empty,
}: {
  docs: ApprovalRequest[];
  loading: boolean;
  selectable: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  acrossCenters: boolean;
  empty: ReactNode;
}) {
  if (loading) {
    return (
      <div className="image-grid">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, alike and fixed in number: nothing to tell apart or reorder.
          <Skeleton.Node key={i} active style={{ width: "100%", height: 220 }}>
            <PictureOutlined className="image-card__placeholder" style={{ fontSize: 32 }} />
          </Skeleton.Node>
        ))}
      </div>
    );
  }
  if (docs.length === 0) return <>{empty}</>;

  // The preview walks only the cards that have a picture.
  const pictured = docs.filter((d) => cardOf(d).src);
  const toggle = (id: number, on: boolean) => onSelect(on ? [...new Set([...selected, id])] : selected.filter((s) => s !== id));

  return (
    <>
      {selectable && <SelectAll ids={docs.map((d) => d.id)} selected={selected} onSelect={onSelect} />}
      <Image.PreviewGroup
        preview={{
          toolbarRender: (toolbar, info) => {
            const request = pictured[info.current];
            const card = request ? cardOf(request) : null;
            return (
              <Space direction="vertical" align="center" size={4}>
                {card && (
                  <div className="image-preview-caption">
                    <strong>{card.title}</strong>
                    <span>{card.alt ? t("approval.grid.alt", { alt: card.alt }) : t("approval.grid.noAlt")}</span>
                  </div>
                )}
                {toolbar}
              </Space>
            );
          },
        }}
      >
        <ul className="image-grid" aria-label={t("approval.grid.label")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {docs.map((request) => {
            const card = cardOf(request);
            const isSelected = selected.includes(request.id);
            return (
              <li key={request.id} className={`image-card${isSelected ? " image-card--selected" : ""}`}>
                <div className="image-card__media">
                  {selectable && (
                    <span className="image-card__check">
                      <Checkbox
                        checked={isSelected}
                        onChange={(e) => toggle(request.id, e.target.checked)}
                        aria-label={t("approval.grid.select", { title: card.title })}
                      />
                    </span>
                  )}
                  <span className="image-card__tag">
                    <ChangeTag change={request.change} className="image-card__change" />
                  </span>
                  {card.src ? (
                    <Image src={card.src} alt={card.alt ?? card.title} rootClassName="image-card__image" className="image-card__img" />
                  ) : (
                    <PictureOutlined className="image-card__placeholder" style={{ fontSize: 40 }} aria-label={t("approval.grid.noImage")} />
                  )}
                </div>
                <div className="image-card__body">
                  <Link to={approvalPagePath(request.id)}>
                    <Typography.Text strong ellipsis={{ tooltip: card.title }}>
                      {card.title}
                    </Typography.Text>
                  </Link>
                  <Tooltip title={card.alt}>
                    <Typography.Paragraph type={card.alt ? undefined : "secondary"} ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 13 }}>
                      {card.alt ?? t("approval.grid.noAlt")}
                    </Typography.Paragraph>
                  </Tooltip>
                  <span className="image-card__meta">
                    {acrossCenters && `${request.center_web_name ?? request.center_code ?? ""} · `}
                    {request.submitted_by_name ?? "-"} · <When at={request.submitted_at} />
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      </Image.PreviewGroup>
    </>
  );
}
