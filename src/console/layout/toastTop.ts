import { isAtLeast, useAtLeast } from "./useWidth";

/**
 * How far below the window's top toasts and messages start: under the shell's bar (the bell) and
 * a page's header with its buttons (New, Export), which stay in view and clickable while a toast
 * shows. A phone's header buttons wrap below its title, so it starts lower.
 */
const topFor = (wide: boolean, tablet: boolean) => (wide ? 96 : tablet ? 112 : 146);

/** For antd's static toasts, shown before the console has loaded (the sign-in's 'Success'). */
export const toastTop = (): number => topFor(isAtLeast("lg"), isAtLeast("md"));

/** For the console's toasts and messages, again when the window crosses a breakpoint. */
export function useToastTop(): number {
  return topFor(useAtLeast("lg"), useAtLeast("md"));
}
