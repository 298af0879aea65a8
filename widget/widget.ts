// widget.js: finds its own script tag and draws the bubble (loader.ts). `currentScript` is the tag
// while it runs, `async` included; the fallback finds it by its attributes.
import { mountWidget } from "./loader.js";

const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>("script[data-center][src*='widget.js']");
if (script) mountWidget(window, script);
