// Runs the reports' rollup (rollup.ts): once when the app is ready, then every `everyMs`. Any
// number of instances may run it; each pending day is claimed by one. A failing run (the database
// away) is logged once per outage and tried again next time; closing the app waits for a run.
import { globalPlugin } from "../lib/plugin.js";
import { ROLLUP_BATCH, rollBatch } from "./rollup.js";

/** Reports are read by people planning a week, not watching a minute: a minute behind is fine. */
export const ROLLUP_EVERY_MS = 60_000;

export interface ReportOptions extends Record<string, unknown> {
  /** Between runs (ms); 0: only the run at start and the ones called. */
  everyMs?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    reports: {
      /** Rolls up every pending day (after a run in progress); returns how many days this instance rolled. */
      rollup(): Promise<number>;
      whenIdle(): Promise<void>;
    };
  }
}

export default globalPlugin<ReportOptions>("reports", async (app, { everyMs = ROLLUP_EVERY_MS }) => {
  let running: Promise<number> | undefined;
  let stopped = false;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;

  async function run(): Promise<number> {
    let rolled = 0;
    for (;;) {
      const days = await app.db.transaction((tx) => rollBatch(tx, app.clock()));
      rolled += days.length;
      if (days.length < ROLLUP_BATCH || stopped) break;
    }
    if (rolled > 0) app.log.debug({ days: rolled }, "reports: days rolled up");
    return rolled;
  }

  function rollup(): Promise<number> {
    const next = (running ?? Promise.resolve()).catch(() => undefined).then(run);
    running = next;
    const clear = () => {
      if (running === next) running = undefined;
    };
    next.then(clear, clear);
    return next;
  }

  function tick() {
    if (stopped) return;
    rollup()
      .then(
        () => {
          if (failing) app.log.info("reports rollup: working again");
          failing = false;
        },
        (err) => {
          if (!failing) app.log.warn({ err }, "reports rollup failed; it runs again shortly");
          failing = true;
        },
      )
      .finally(() => {
        if (!stopped && everyMs > 0) timer = setTimeout(tick, everyMs).unref();
      });
  }

  app.decorate("reports", {
    rollup,
    async whenIdle() {
      while (running) await running.catch(() => undefined);
    },
  });
  app.addHook("onReady", async () => tick());
  app.addHook("preClose", async () => {
    stopped = true;
    clearTimeout(timer);
    await app.reports.whenIdle();
  });
});
