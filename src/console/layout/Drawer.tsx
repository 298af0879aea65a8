import { Drawer as AntdDrawer, type DrawerProps } from "antd";

/**
 * antd's Drawer, once its closing slide ends, puts focus back on what opened it, even when the
 * user has moved on meanwhile (clicked into the search box as it slid away): their next keys would
 * land on the opening button and open the drawer again. The console's drawers hand focus back to
 * where the user had moved: this runs just before antd's own focus call, and its microtask right
 * after it, before any key can arrive.
 */
function keepMovedFocus(open: boolean): void {
  if (open) return;
  const moved = document.activeElement;
  if (!(moved instanceof HTMLElement) || moved === document.body || moved.closest(".ant-drawer")) return;
  queueMicrotask(() => {
    if (document.activeElement !== moved && moved.isConnected) moved.focus({ preventScroll: true });
  });
}

/** antd's Drawer, which leaves the focus where the user has moved it while it closed. */
export function Drawer({ afterOpenChange, ...props }: DrawerProps) {
  return (
    <AntdDrawer
      {...props}
      afterOpenChange={(open) => {
        keepMovedFocus(open);
        afterOpenChange?.(open);
      }}
    />
  );
}
export default Drawer;
