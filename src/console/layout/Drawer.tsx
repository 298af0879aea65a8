import { Drawer as AntdDrawer, type DrawerProps } from "antd";

/** The class of every console drawer's root (antd's `rootClassName`): the console finds its drawers by it, never by antd's own class names. */
export const DRAWER_CLASS = "console-drawer";

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
  if (!(moved instanceof HTMLElement) || moved === document.body || moved.closest(`.${DRAWER_CLASS}`)) return;
  queueMicrotask(() => {
    if (document.activeElement !== moved && moved.isConnected) moved.focus({ preventScroll: true });
  });
}

/**
 * antd's Drawer, which leaves the focus where the user has moved it while it closed. Every drawer
 * (forms, records, notifications) fits a phone's width: its panel is never wider than the window,
 * unless the caller's `styles.wrapper` says otherwise.
 */
export function Drawer({ afterOpenChange, rootClassName, styles, ...props }: DrawerProps) {
  return (
    <AntdDrawer
      {...props}
      rootClassName={rootClassName ? `${DRAWER_CLASS} ${rootClassName}` : DRAWER_CLASS}
      styles={{ ...styles, wrapper: { maxWidth: "100vw", ...styles?.wrapper } }}
      afterOpenChange={(open) => {
        keepMovedFocus(open);
        afterOpenChange?.(open);
      }}
    />
  );
}
export default Drawer;
