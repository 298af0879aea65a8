import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { Splash } from "./pages/Splash";
import { Waiting } from "./pages/Waiting";
import Login from "./pages/Login";
import { installBackGuard } from "./lib/backGuard";
import { authProvider } from "./app/services";
import { session } from "../providers/session";
import { nextTask } from "./lib/nextTask";

// Before the router mounts: Back from unsaved changes must be asked before the router moves.
installBackGuard();

// A console page opened by URL asks for the session's permissions while the console's code
// downloads; the console's sign-in check then takes this answer (it is remembered). Asked in a
// task of its own, right after this chunk has run, which is long enough on a phone.
if (window.location.pathname.startsWith("/app/") && session.getUser()) nextTask(() => void authProvider.sessionCheck().catch(() => undefined));

// /login loads no console code (STACK.md gotcha 4). The login form (2 KB) ships in the entry
// chunk, so /login paints without waiting for a second request; every other screen is a chunk of
// its own. While one loads, 'Please Wait...' stays as index.html painted it (Waiting renders the
// same markup), so nothing moves and the screen is never blank.
const PickCenter = lazy(() => import("./pages/PickCenter"));
const Console = lazy(() => import("./console/Console"));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<Waiting />}>
        <Routes>
          <Route path="/" element={<Splash />} />
          <Route path="/login" element={<Login />} />
          <Route path="/pick-center" element={<PickCenter />} />
          <Route path="/app/*" element={<Console />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
