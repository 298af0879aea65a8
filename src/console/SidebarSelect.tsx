import { Select, type SelectProps } from "antd";

/**
 * The sidebar's selects (center and language): antd's Select with rc-select and its virtual list,
 * about 17 KB gzip that no screen needs to paint. A chunk of its own, loaded after the shell has
 * settled or when a user reaches one of them (see DeferredSelect).
 */
export default function SidebarSelect(props: SelectProps<string>) {
  return <Select<string> popupMatchSelectWidth={false} {...props} />;
}
