import { Statistic, theme } from "antd";
import { Link } from "react-router";

/** A count under its name. */
export function Count({ title, value }: { title: string; value: number }) {
  return <Statistic title={title} value={value} />;
}

/** A count that opens the screen behind it, its value in the link colour; the link is named by what it shows ("Unassigned 3"). */
export function CountLink({ to, title, value }: { to: string; title: string; value: number }) {
  const { token } = theme.useToken();
  return (
    <Link to={to} className="dashboard__count-link">
      <Statistic title={title} value={value} valueStyle={{ color: token.colorLink }} />
    </Link>
  );
}
