// The frame's entry (built by scripts/build-widget.ts into dist/widget/assets/frame-<hash>.js).
import "./frame.css";
import { startFrame } from "./app.js";
import { connectVisitor } from "./socket.js";

startFrame({
  window,
  fetch: window.fetch.bind(window),
  connect: (token) => connectVisitor(window.location.origin, token),
});
