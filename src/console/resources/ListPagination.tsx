// A list's pages: rc-pagination (what antd's Pagination draws with) under antd's class names, so
// antd's pagination styles (in the built stylesheet) give it antd's look. antd's Pagination imports
// its Select for the page-size choice, ~20 KB gzip that a list's first rows do not need: here that
// choice, shown only past 50 records as antd does, is the console's deferred select.
import { useContext, type ReactNode } from "react";
import RcPagination from "rc-pagination";
import { ConfigProvider, theme } from "antd";
import enUS from "antd/es/locale/en_US";
import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from "@ant-design/icons";
import { DeferredSelect } from "../DeferredSelect";

const PREFIX = "ant-pagination";

/** antd's icons for the pager's buttons, as antd's Pagination draws them. */
const ICONS = {
  prevIcon: (
    <button className={`${PREFIX}-item-link`} type="button" tabIndex={-1}>
      <LeftOutlined />
    </button>
  ),
  nextIcon: (
    <button className={`${PREFIX}-item-link`} type="button" tabIndex={-1}>
      <RightOutlined />
    </button>
  ),
  jumpPrevIcon: (
    <a className={`${PREFIX}-item-link`}>
      <div className={`${PREFIX}-item-container`}>
        <DoubleLeftOutlined className={`${PREFIX}-item-link-icon`} />
        <span className={`${PREFIX}-item-ellipsis`}>•••</span>
      </div>
    </a>
  ),
  jumpNextIcon: (
    <a className={`${PREFIX}-item-link`}>
      <div className={`${PREFIX}-item-container`}>
        <DoubleRightOutlined className={`${PREFIX}-item-link-icon`} />
        <span className={`${PREFIX}-item-ellipsis`}>•••</span>
      </div>
    </a>
  ),
};

export type PageItemRender = (page: number, type: "page" | "prev" | "next" | "jump-prev" | "jump-next", element: ReactNode) => ReactNode;

export interface ListPaginationProps {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  itemRender?: PageItemRender;
  align?: "start" | "center" | "end";
  /** antd's `size="small"` (a phone's cards). */
  small?: boolean;
  /** false: no page-size choice, whatever the total. */
  showSizeChanger?: boolean;
  className?: string;
}

/** The pager under a list: antd Pagination's markup, words (the console's language) and icons. */
export function ListPagination({ current, pageSize, total, onChange, itemRender, align, small, showSizeChanger, className }: ListPaginationProps) {
  const { hashId } = theme.useToken();
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const words = { ...enUS.Pagination, ...locale?.Pagination };
  const classes = [className, small ? `${PREFIX}-mini` : undefined, hashId].filter(Boolean).join(" ");
  return (
    <RcPagination
      {...ICONS}
      prefixCls={PREFIX}
      selectPrefixCls="ant-select"
      className={classes}
      align={align}
      locale={words}
      current={current}
      pageSize={pageSize}
      total={total}
      itemRender={itemRender}
      showSizeChanger={showSizeChanger}
      onChange={onChange}
      sizeChangerRender={({ disabled, size, onSizeChange, "aria-label": label, className: sizeClass, options }) => (
        <DeferredSelect
          aria-label={label}
          className={`${sizeClass} list-pagination__size`}
          shown={options.find((o) => String(o.value) === String(size))?.label ?? String(size)}
          size={small ? "small" : "middle"}
          disabled={disabled}
          showSearch
          value={String(size)}
          options={options.map((o) => ({ label: o.label, value: String(o.value) }))}
          getPopupContainer={(node: HTMLElement) => node.parentNode as HTMLElement}
          onChange={(next: string) => onSizeChange(next)}
        />
      )}
    />
  );
}
