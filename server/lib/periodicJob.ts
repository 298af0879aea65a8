// A job each instance runs now and then (the schedule's sweep, the reports' rollup): once when the
// app is ready, which catches up whatever fell due while no server ran, then every `everyMs`. One
// run at a time on this instance; other instances are kept apart by the job's own claims. A run
// that fails (the database away) is logged once per outage and tried again next time: it never
// stops the server. Closing the app stops the runs and waits for one in progress, so the database
// can close after.
import type { FastifyInstance } from "fastify";

export interface PeriodicJob<T> {
  /** Runs the job now, after a run in progress. */
  run(): Promise<T>;
  /** Resolves when no run is in progress. */
  whenIdle(): Promise<void>;
}

export interface PeriodicJobOptions<T> {
  /** Named in the log: "schedule sweep". */
  name: string;
  /** Between runs (ms); 0: only the run at start and the ones called. */
  everyMs: number;
  /** One run; `stopping()` says the app is closing, for a job that loops to stop early. */
  work: (stopping: () => boolean) => Promise<T>;
}

export function periodicJob<T>(app: FastifyInstance, { name, everyMs, work }: PeriodicJobOptions<T>): PeriodicJob<T> {
  let running: Promise<T> | undefined;
  let stopped = false;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  const stopping = () => stopped;

  function run(): Promise<T> {
    const next = (running ?? Promise.resolve()).catch(() => undefined).then(() => work(stopping));
    running = next;
    const clear = () => {
      if (running === next) running = undefined;
    };
    next.then(clear, clear);
    return next;
  }

  async function whenIdle() {
    while (running) await running.catch(() => undefined);
  }

  function tick() {
    if (stopped) return;
    run()
      .then(
        () => {
          if (failing) app.log.info(`${name}: working again`);
          failing = false;
        },
        (err) => {
          if (!failing) app.log.warn({ err }, `${name} failed; it runs again shortly`);
          failing = true;
        },
      )
      .finally(() => {
        if (!stopped && everyMs > 0) timer = setTimeout(tick, everyMs).unref();
      });
  }

  // Not awaited: a slow database delays the catch-up, not the start.
  app.addHook("onReady", async () => tick());
  app.addHook("preClose", async () => {
    stopped = true;
    clearTimeout(timer);
    await whenIdle();
  });
  return { run, whenIdle };
}
