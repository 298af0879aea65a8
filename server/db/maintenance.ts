// PGlite has no autovacuum. The server vacuums at start only when the start changed something
// (migrations, new indexes, the demo seed: the planner needs their statistics before the first
// request); otherwise in the background, a while after the start and then periodically, so a
// server that runs for weeks is vacuumed too. PGlite runs one statement at a time: requests wait
// while it runs (milliseconds on a demo database).
import type { Db } from "./client.js";

export const VACUUM_FIRST_AFTER_MS = 10 * 60_000;
export const VACUUM_EVERY_MS = 6 * 60 * 60_000;

export interface Vacuuming {
  /** Stops the schedule and waits for a run in progress, so the database can close. */
  stop(): Promise<void>;
}

export function scheduleVacuum(db: Db, onError: (err: unknown) => void, { firstAfterMs = VACUUM_FIRST_AFTER_MS, everyMs = VACUUM_EVERY_MS } = {}): Vacuuming {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const run = () => {
    if (stopped) return;
    running = db
      .exec("VACUUM ANALYZE")
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(run, everyMs).unref();
      });
  };
  timer = setTimeout(run, firstAfterMs).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
