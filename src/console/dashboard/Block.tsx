import type { ReactNode } from "react";
import { Panel } from "../layout/Panel";

/**
 * One block of the welcome page: a titled surface, and its entries as a plain list. With antd's
 * Card, List and Typography (which bring Tabs, Pagination with its Select, TextArea and Tooltip)
 * the page weighed 383 KB gzip against a 300 KB budget; it weighed 295.5 KB before the blocks.
 */
export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel size="small" className="dashboard__block">
      <h3 className="dashboard__title">{title}</h3>
      {children}
    </Panel>
  );
}

export function Entries({ children }: { children: ReactNode }) {
  return <ul className="dashboard__entries">{children}</ul>;
}

export function Entry({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <li className="dashboard__entry">
      <div className="dashboard__entry-body">{children}</div>
      {extra}
    </li>
  );
}
