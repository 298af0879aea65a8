// antd 5 renders its static toasts, confirm dialogs and click waves through a render function that
// React 19 lacks; @ant-design/v5-patch-for-react-19 supplies it. The sign-in screen and the splash
// use no antd, so the entry does not carry the patch (~2 KB gzip with rc-util's render and the
// regenerator runtime): main.tsx loads it before a first screen that uses antd, Login.tsx while
// signing in, and the console's chunk imports it itself (Shell.tsx).
export const loadAntdPatch = (): Promise<unknown> => import("@ant-design/v5-patch-for-react-19").catch(() => undefined);

/** Whether the screen at `path` renders without antd: the splash and the sign-in. */
export const rendersWithoutAntd = (path: string): boolean => path === "/" || path === "/login";
