import { useEffect, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Banner } from "./layout/Placeholders";
import { availability } from "../app/services";
import { t } from "../../providers/i18n";

/** How often the banner asks whether the server is back. */
export const RETRY_EVERY_MS = 3_000;

/**
 * One calm banner while the server cannot be reached (a 503, or no answer): it says what happens
 * to the user's work, asks /api/ready until the server is back, then refetches what is on screen.
 */
export function ServerStatus() {
  const down = useSyncExternalStore(availability.subscribe, availability.isDown);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!down) return;
    const timer = setInterval(async () => {
      const ready = await fetch("/api/ready").then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) return;
      availability.up();
      void queryClient.invalidateQueries();
    }, RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [down, queryClient]);

  if (!down) return null;
  return <Banner className="server-status" role="status" type="warning" title={t("server.unavailable")} description={t("server.unavailableHint")} />;
}
