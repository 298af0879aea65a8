import type { ButtonHTMLAttributes, ReactNode } from "react";
import { theme } from "antd";
import { LoadingOutlined } from "@ant-design/icons";

const KINDS = {
  default: "ant-btn-default ant-btn-color-default ant-btn-variant-outlined",
  review: "ant-btn-primary ant-btn-color-primary ant-btn-variant-solid ant-btn-background-ghost",
  danger: "ant-btn-default ant-btn-dangerous ant-btn-color-dangerous ant-btn-variant-outlined",
} as const;

/**
 * A row's small icon button, drawn as antd's `<Button size="small" icon={…} />` draws it (its
 * classes, so antd's styles apply) without antd's component: a list shows up to four per row,
 * and antd's Button (its click wave, its own style registration and contexts, its effects) was
 * most of what mounting a row cost on a phone. `review` is a ghost primary, `danger` a danger one.
 */
export function RowButton({ icon, kind = "default", loading = false, className, onClick, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & {
  icon: ReactNode;
  kind?: keyof typeof KINDS;
  loading?: boolean;
}) {
  const { hashId } = theme.useToken();
  const classes = ["ant-btn", hashId, KINDS[kind], "ant-btn-sm ant-btn-icon-only", loading && "ant-btn-loading", className].filter(Boolean).join(" ");
  return (
    // As antd's: a click while it spins does nothing.
    <button {...props} type="button" className={classes} onClick={loading ? undefined : onClick}>
      <span className={loading ? "ant-btn-icon ant-btn-loading-icon" : "ant-btn-icon"}>{loading ? <LoadingOutlined /> : icon}</span>
    </button>
  );
}
