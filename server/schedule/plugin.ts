// Runs the schedule's sweep (sweep.ts) as a periodic job: once when the app is ready, which catches
// up whatever fell due while no server ran, then every `everyMs` (see lib/periodicJob.ts).
import type { ResourceDefinition } from "../../resources/types.js";
import { periodicJob } from "../lib/periodicJob.js";
import { globalPlugin } from "../lib/plugin.js";
import { storeNotifications } from "../notifications/store.js";
import { claimDue, dueKinds, SWEEP_BATCH, sweptDefinitions, type Batch } from "./sweep.js";

/** Within the 60 s a transition's side effects may take, with room for a run that fails. */
export const SWEEP_EVERY_MS = 15_000;

export interface SweepResult {
  /** Records that went live, and that came down, in this run. */
  live: number;
  down: number;
}

export interface ScheduleOptions extends Record<string, unknown> {
  definitions: readonly ResourceDefinition[];
  /** Between runs (ms); 0: only the run at start and the ones called. */
  everyMs?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    schedule: {
      /** Carries out every transition due by the app's clock now (after a run in progress). */
      sweep(): Promise<SweepResult>;
      /** Resolves when no run is in progress. */
      whenIdle(): Promise<void>;
    };
  }
}

export default globalPlugin<ScheduleOptions>("schedule", async (app, { definitions, everyMs = SWEEP_EVERY_MS }) => {
  const swept = sweptDefinitions(definitions);
  const none: Batch = { claimed: [], drafts: [] };

  async function run(stopping: () => boolean): Promise<SweepResult> {
    const now = app.clock();
    const result: SweepResult = { live: 0, down: 0 };
    if (swept.length === 0) return result;
    let due = await dueKinds(app.db, swept, now);
    while (due.live || due.down) {
      // One transaction a batch: go-lives first (a record whose go-live and take-down both fell
      // due goes live, then comes down), then take-downs, and the notifications of both.
      const { live, down, stored } = await app.db.transaction(async (tx) => {
        const live = due.live ? await claimDue(tx, "live", swept, now) : none;
        const down = due.down ? await claimDue(tx, "down", swept, now) : none;
        return { live, down, stored: await storeNotifications(tx, [...live.drafts, ...down.drafts]) };
      });
      for (const c of [...live.claimed, ...down.claimed]) {
        app.changes.publish("transition", {
          def: c.def,
          transition: c.transition,
          record: { id: c.id, version: c.version, center_code: c.centerCode },
          at: c.at,
        });
      }
      if (stored.length > 0) void app.notifications.deliver(stored);
      result.live += live.claimed.length;
      result.down += down.claimed.length;
      if (stopping()) break;
      // A full batch may have left more behind (take-downs too, behind go-lives still due).
      const moreLive = live.claimed.length === SWEEP_BATCH;
      due = { live: moreLive, down: moreLive || down.claimed.length === SWEEP_BATCH };
    }
    if (result.live + result.down > 0) app.log.info(result, "schedule: transitions carried out");
    return result;
  }

  // One run at a time on this instance; other instances are kept apart by the claim itself.
  const job = periodicJob(app, { name: "schedule sweep", everyMs, work: run });
  app.decorate("schedule", { sweep: job.run, whenIdle: job.whenIdle });
});
