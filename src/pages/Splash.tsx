import { useEffect } from "react";
import { useNavigate } from "react-router";
import { authProvider } from "../app/services";
import { session } from "../../providers/session";
import { Waiting } from "./Waiting";

/** Spec §2 '/': the session check, then the console or the login after 0.5 s. */
export const SPLASH_DELAY_MS = 500;

export function Splash() {
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = (path: string) => {
      timer = setTimeout(() => !cancelled && navigate(path, { replace: true }), SPLASH_DELAY_MS);
    };
    if (!session.getUser()) {
      go("/login");
    } else {
      authProvider
        .sessionCheck(true)
        .then(() => go("/app/customer-chats"))
        .catch(() => go("/login"));
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [navigate]);

  return <Waiting />;
}
