// Must come first: without it antd 5's static notification renders nothing on React 19.
import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { getLocale, loadLocale } from "../providers/i18n";
import { loadAntdLocale } from "./app/antdLocale";

// Indonesian's words are fetched before the first screen; English's ship in this chunk.
void Promise.all([loadLocale(), loadAntdLocale(getLocale())]).finally(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
