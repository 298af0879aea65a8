import type { ReactNode } from "react";
import { theme } from "antd";

/**
 * antd's Spin around content (its nested pattern): while `spinning`, the content dims under
 * antd's four turning dots. The same markup and class names, so antd's spin styles (in the built
 * stylesheet) apply, without antd's Spin code (~3 KB gzip) before a list's first rows.
 */
export function LoadingVeil({ spinning, children }: { spinning: boolean; children: ReactNode }) {
  const { hashId } = theme.useToken();
  return (
    <div className={`ant-spin-nested-loading ${hashId}`}>
      {spinning && (
        <div>
          <div className={`ant-spin ant-spin-spinning ${hashId}`} aria-live="polite" aria-busy="true">
            <span className="ant-spin-dot-holder">
              <span className="ant-spin-dot ant-spin-dot-spin">
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
              </span>
            </span>
          </div>
        </div>
      )}
      <div className={spinning ? "ant-spin-container ant-spin-blur" : "ant-spin-container"}>{children}</div>
    </div>
  );
}
