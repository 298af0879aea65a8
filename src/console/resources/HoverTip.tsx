import { lazy, Suspense, useState, type FocusEvent, type MouseEvent, type ReactNode } from "react";

const HoverTooltip = lazy(() => import("./HoverTooltip"));

/** Whether an element's text is cut: by its own box (a block that clips), or by its parent's. */
const isCut = (el: HTMLElement) =>
  el.scrollWidth > el.clientWidth + 1 || (!!el.parentElement && el.getBoundingClientRect().width > el.parentElement.getBoundingClientRect().width + 1);

/**
 * A tooltip made only when the pointer or focus reaches its element: a list has dozens of them and
 * shows at most one, so none is built (or measured) with the rows. It hangs on an overlay of the
 * element, so the element itself is never remounted (focus stays where it is); antd's Tooltip
 * itself loads with the first one shown. `whenCut`: only when the text ends in an ellipsis. A
 * click hides it (what it opens comes next). The element's own text or label stays what
 * assistive technology reads.
 */
export function HoverTip({ title, children, whenCut, className }: { title: ReactNode; children: ReactNode; whenCut?: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  const show = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    if (!whenCut || isCut(event.currentTarget)) setOpen(true);
  };
  const hide = () => setOpen(false);
  // The hover and focus it listens to are its content's: itself it is no control (role none).
  return (
    <span
      role="none"
      className={className ? `hover-tip ${className}` : "hover-tip"}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onClickCapture={hide}
    >
      {children}
      {open && (
        <Suspense fallback={null}>
          <HoverTooltip title={title} />
        </Suspense>
      )}
    </span>
  );
}
