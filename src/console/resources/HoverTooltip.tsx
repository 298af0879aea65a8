// antd's Tooltip (with rc-trigger, ~10 KB gzip) in a chunk of its own: HoverTip loads it with the
// first hover or focus, so no screen carries it in order to paint.
import { Tooltip } from "antd";
import type { ReactNode } from "react";

export default function HoverTooltip({ title }: { title: ReactNode }) {
  return (
    <Tooltip open title={title}>
      <span className="hover-tip__anchor" aria-hidden="true" />
    </Tooltip>
  );
}
