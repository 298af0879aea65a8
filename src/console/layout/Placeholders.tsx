// What a first screen shows before and instead of its content: a page's outline, a spinner, a
// banner. They look like antd's Skeleton, Spin and Alert (same sizes, colours and motion) but are a
// few lines of CSS: antd's versions add about 8 KB gzip to every first screen, which must show
// them before anything else has loaded.
import type { CSSProperties, ReactNode } from "react";
import { CloseCircleFilled, ExclamationCircleFilled } from "@ant-design/icons";
import "./placeholders.css";

/** antd's active Skeleton: an optional title bar, then `rows` lines, the last one shorter. */
export function Skeleton({ rows = 3, title = true, className }: { rows?: number; title?: boolean; className?: string }) {
  return (
    <div className={["outline", className].filter(Boolean).join(" ")} aria-hidden="true">
      {title && <div className="outline__bar outline__title" />}
      <ul className={title ? "outline__rows outline__rows--titled" : "outline__rows"}>
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty bars, alike: nothing to tell apart or reorder.
          <li key={i} className="outline__bar" />
        ))}
      </ul>
    </div>
  );
}

/** antd's large Skeleton.Input: one tall bar, for a heading. */
export function SkeletonHeading({ className, style }: { className?: string; style?: CSSProperties }) {
  return <div className={["outline__bar outline__heading", className].filter(Boolean).join(" ")} style={style} aria-hidden="true" />;
}

/** antd's default Spin (four dots turning). */
export function Spinner() {
  return (
    <span className="spinner" aria-hidden="true">
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}

/** antd's Alert with an icon: a warning or an error, with an optional line under its title. */
export function Banner({
  type,
  title,
  description,
  role = "alert",
  className,
}: {
  type: "warning" | "error";
  title: ReactNode;
  description?: ReactNode;
  role?: "alert" | "status";
  className?: string;
}) {
  const Icon = type === "error" ? CloseCircleFilled : ExclamationCircleFilled;
  return (
    <div role={role} className={["banner", `banner--${type}`, description ? "banner--described" : "", className].filter(Boolean).join(" ")}>
      <Icon className="banner__icon" />
      <div className="banner__content">
        <div className="banner__title">{title}</div>
        {description && <div className="banner__description">{description}</div>}
      </div>
    </div>
  );
}
