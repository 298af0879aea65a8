import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { getLocale, loadLocale } from "../providers/i18n";
import { loadAntdLocale } from "./app/antdLocale";
import { loadAntdPatch, rendersWithoutAntd } from "./lib/antdPatch";

// Indonesian's words are fetched before the first screen; English's ship in this chunk. A first
// screen that uses antd (pick-center, the console) waits for its React 19 patch too.
const patch = rendersWithoutAntd(window.location.pathname) ? null : loadAntdPatch();
// The first render is a transition, which React draws in short slices (the page stays
// responsive) rather than in one long task.
void Promise.all([loadLocale(), loadAntdLocale(getLocale()), patch]).finally(() => {
  const root = createRoot(document.getElementById("root")!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
