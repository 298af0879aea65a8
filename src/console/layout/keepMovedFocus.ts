/**
 * antd's Drawer, once its closing slide ends, puts focus back on what opened it, even when the
 * user has moved on meanwhile (clicked into the search box as it slid away): their next keys would
 * land on the opening button and open the drawer again. Given as a drawer's `afterOpenChange`,
 * this hands focus back to where the user had moved. It runs just before the drawer's own focus
 * call, and its microtask right after it, before any key can arrive.
 */
export function keepMovedFocus(open: boolean): void {
  if (open) return;
  const moved = document.activeElement;
  if (!(moved instanceof HTMLElement) || moved === document.body || moved.closest(".ant-drawer")) return;
  queueMicrotask(() => {
    if (document.activeElement !== moved && moved.isConnected) moved.focus({ preventScroll: true });
  });
}
