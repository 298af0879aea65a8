// Runs the reports' rollup (rollup.ts) as a periodic job: once when the app is ready, then every
// `everyMs` (see lib/periodicJob.ts). Any number of instances may run it; each pending day is
// claimed by one.
import { periodicJob } from "../lib/periodicJob.js";
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
  async function run(stopping: () => boolean): Promise<number> {
    let rolled = 0;
    for (;;) {
      const days = await app.db.transaction((tx) => rollBatch(tx, app.clock()));
      rolled += days.length;
      if (days.length < ROLLUP_BATCH || stopping()) break;
    }
    if (rolled > 0) app.log.debug({ days: rolled }, "reports: days rolled up");
    return rolled;
  }

  const job = periodicJob(app, { name: "reports rollup", everyMs, work: run });
  app.decorate("reports", { rollup: job.run, whenIdle: job.whenIdle });
});
