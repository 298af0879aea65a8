import { lazy, Suspense } from "react";
import { Space, Tag } from "antd";
import type { Field } from "../../../resources/types";
import { dayjs } from "../../lib/dates";
import { formatNumber } from "../../lib/format";
import type { RolePermission } from "../../../protocol/api";
import { t } from "../../../providers/i18n";
import { permissionSummary } from "./permissionSummary";
import { SafeHtml } from "./SafeHtml";
import { HoverTip } from "./HoverTip";

// antd's Image (its preview: zoom, rotate; ~10 KB gzip) only where a record is shown whole.
const PreviewImage = lazy(() => import("./PreviewImage"));

/** A field's value as a list cell or a read-only line. */
export function FieldValue({ field, value }: { field: Field; value: unknown }) {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
    return <span className="text-secondary">-</span>;
  }
  switch (field.type) {
    case "select":
      return <Tag>{field.options.find((o) => o.value === value)?.label ?? String(value)}</Tag>;
    case "multiselect":
      return (
        <Space size={[4, 4]} wrap>
          {(value as string[]).map((v) => (
            <Tag key={v}>{field.options?.find((o) => o.value === v)?.label ?? v}</Tag>
          ))}
        </Space>
      );
    case "boolean":
      return value ? <Tag color="green">{t("resource.yes")}</Tag> : <Tag>{t("resource.no")}</Tag>;
    case "number":
      return <>{formatNumber(value)}</>;
    case "date":
      return <span className="nowrap">{dayjs(String(value)).format("D MMM YYYY")}</span>;
    case "datetime":
      return <span className="nowrap">{dayjs(String(value)).format("D MMM YYYY HH:mm")}</span>;
    case "url":
      return (
        <HoverTip title={String(value)} whenCut className="cell-text">
          <a href={String(value)} target="_blank" rel="noopener noreferrer">
            {String(value)}
          </a>
        </HoverTip>
      );
    case "image":
      // A thumbnail; a click opens the image whole in a new tab.
      return (
        <a href={String(value)} target="_blank" rel="noopener noreferrer" className="cell-image-link">
          <img src={String(value)} alt={field.label} width={56} height={40} loading="lazy" decoding="async" className="cell-image" />
        </a>
      );
    case "richtext":
      return (
        <HoverTip title={plainText(String(value))} whenCut className="cell-text">
          {String(value).replace(/<[^>]+>/g, " ")}
        </HoverTip>
      );
    case "assignments":
      return (
        <Space size={[4, 4]} wrap>
          {(value as { center_code: string; role_name?: string }[]).map((a) => (
            <Tag key={a.center_code}>
              {a.center_code}
              {a.role_name ? ` · ${a.role_name}` : ""}
            </Tag>
          ))}
        </Space>
      );
    case "permissions":
      return (
        <ul className="permission-lines">
          {permissionSummary(value as RolePermission[]).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      );
    default:
      // Cut to the cell's width, whole on hover (only when it was cut).
      return (
        <HoverTip title={String(value)} whenCut className="cell-text">
          {String(value)}
        </HoverTip>
      );
  }
}

/** Rich text's words for a tooltip: no markup, and no longer than a tooltip can show. */
const plainText = (html: string) => {
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

/** A field's whole value, for read-only views and comparisons: rich text rendered, images large. */
export function FullValue({ field, value, imageWidth = 240 }: { field: Field; value: unknown; imageWidth?: number }) {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
    return <span className="text-secondary">{t("resource.emptyValue")}</span>;
  }
  switch (field.type) {
    case "richtext":
      return <SafeHtml html={String(value)} />;
    case "image":
      return (
        <Suspense fallback={<img src={String(value)} alt={field.label} width={imageWidth} style={{ objectFit: "contain", maxHeight: 320, borderRadius: 6 }} />}>
          <PreviewImage src={String(value)} alt={field.label} width={imageWidth} />
        </Suspense>
      );
    case "text":
    case "textarea":
    case "email":
      return <span className="prewrap">{String(value)}</span>;
    case "url":
      return (
        <a href={String(value)} target="_blank" rel="noopener noreferrer" className="text-link break-all">
          {String(value)}
        </a>
      );
    case "reference":
      return <span>#{String(value)}</span>;
    default:
      return <FieldValue field={field} value={value} />;
  }
}
