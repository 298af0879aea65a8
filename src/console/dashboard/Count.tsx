import { Link } from "react-router";

/**
 * A count under its name, as antd's Statistic draws one, without its code: Statistic brings
 * Skeleton (3 KB gzip), and the welcome page had 4.5 KB of its budget left for all its blocks.
 */
export function Count({ title, value }: { title: string; value: number }) {
  return (
    <div className="dashboard__count">
      <div className="text-secondary">{title}</div>
      <div className="dashboard__value">{value}</div>
    </div>
  );
}

/** A count that opens the screen behind it, in the link colour; the link is named by what it shows ("Unassigned 3"). */
export function CountLink({ to, title, value }: { to: string; title: string; value: number }) {
  return (
    <Link to={to} className="dashboard__count dashboard__count--link">
      <div className="text-secondary">{title}</div> <div className="dashboard__value">{value}</div>
    </Link>
  );
}
