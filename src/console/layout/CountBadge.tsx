import "./countBadge.css";

/**
 * A count in a small round badge, as antd's `<Badge size="small">` shows it ("99+" past the
 * overflow). `label` names it for assistive technology; without one it is decoration (what it
 * counts is said elsewhere). Nothing when the count is 0.
 */
export function CountBadge({ count, color, label, overflow = 99, className }: { count: number; color: string; label?: string; overflow?: number; className?: string }) {
  if (!count) return null;
  const shown = count > overflow ? `${overflow}+` : String(count);
  return (
    <span className={className ? `count-badge ${className}` : "count-badge"} {...(label ? { "aria-label": label } : { "aria-hidden": true })}>
      <sup className={shown.length > 1 ? "count-badge__count count-badge__count--wide" : "count-badge__count"} style={{ background: color }} title={label}>
        {shown}
      </sup>
    </span>
  );
}
