import type { ReactNode } from "react";
import { theme } from "antd";
import { lazyModule, useLazyModule } from "./lazyModule";

// antd's Empty (its pictures are most of its ~2.5 KB gzip): a list shows it only once its rows are
// known to be none, so it is fetched then (or when the list is idle after its rows).
const empty = lazyModule(() => import("antd/es/empty"));
export const preloadEmptyState = () => empty.load();

/**
 * antd's Empty: a picture (`simple`: the small one), a sentence and what to do. Until its code is
 * here, the same box with the picture's room left blank: the words and buttons are there at once,
 * also when that code cannot be fetched (offline).
 */
export function EmptyState({ simple, description, children }: { simple?: boolean; description: ReactNode; children?: ReactNode }) {
  const { hashId } = theme.useToken();
  const module = useLazyModule(empty, { now: true });
  if (module) {
    const Empty = module.default;
    return (
      <Empty image={simple ? Empty.PRESENTED_IMAGE_SIMPLE : undefined} description={description}>
        {children}
      </Empty>
    );
  }
  return (
    <div className={`${hashId} ant-empty${simple ? " ant-empty-normal" : ""}`}>
      <div className="ant-empty-image" />
      <div className="ant-empty-description">{description}</div>
      {children && <div className="ant-empty-footer">{children}</div>}
    </div>
  );
}
