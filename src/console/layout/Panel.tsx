import type { HTMLAttributes } from "react";

/**
 * A white surface with antd Card's look (its radius, border and padding) and none of its code: the
 * first screens (the page outline, the welcome page, a list and its phone cards) would otherwise
 * fetch antd's Tabs (~11 KB gzip) with Card, for a tab list they never show.
 */
export function Panel({ size, className, children, ...rest }: HTMLAttributes<HTMLElement> & { size?: "small" }) {
  const classes = ["panel", size === "small" ? "panel--small" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <div className={classes} {...rest}>
      <div className="panel__body">{children}</div>
    </div>
  );
}
