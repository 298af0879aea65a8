// The publishing calendar under load (bench/list.ts's 100,000 posts): 1 in 10 live posts gets a
// schedule, in the shapes the workflow writes (server/approvals/workflow.ts), built in SQL:
//   - 2 in 5 an approved edit waiting for its go-live (next_data, the live version still served),
//   - 2 in 5 a take-down,
//   - 1 in 5 both (a take-down 30 days after the go-live),
// one minute apart from `start` on, so moving the clock by a minute makes about one transition due.
// Then the sweep's cost: a run with nothing due (what most runs are), a run carrying out the
// transitions of ten minutes, and a catch-up after a thousand minutes away.
import type { FastifyInstance } from "fastify";
import type { Db } from "../server/db/client";

/** Live posts given a schedule at 100,000 posts (1 in 10). */
export const SCHEDULED_SHARE = 10;
/** The sweep's aim on PostgreSQL, a run; three times that on PGlite. */
export const SWEEP_AIM_MS = { PostgreSQL: 20, PGlite: 60 } as const;

const I = "substr(data->>'slug', 7)::int";

/** Schedules 1 in 10 of the bench's live posts (slug bench-<i>, i % 10 = 1); returns how many. */
export async function scheduleBenchPosts(db: Db, start: number): Promise<number> {
  const at = (minutes: string) => `($1::timestamptz + make_interval(mins => ${minutes}))`;
  const k = `(${I} / 10)`;
  const { rows } = await db.query<{ n: number }>(
    `WITH s AS (
       UPDATE documents SET
         next_data = CASE WHEN ${k} % 5 IN (0, 1, 4) THEN data || jsonb_build_object('title', (data->>'title') || ' (scheduled)') END,
         next_version = CASE WHEN ${k} % 5 IN (0, 1, 4) THEN version END,
         go_live_at = CASE WHEN ${k} % 5 IN (0, 1, 4) THEN ${at(`${k} + 1`)} END,
         take_down_at = CASE WHEN ${k} % 5 IN (2, 3) THEN ${at(`${k} + 1`)} WHEN ${k} % 5 = 4 THEN ${at(`${k} + 1 + 30 * 24 * 60`)} END
       WHERE resource = 'posts' AND data->>'slug' LIKE 'bench-%' AND ${I} % 10 = 1 AND live_data IS NOT NULL AND deleted_at IS NULL
       RETURNING 1
     ) SELECT count(*)::int AS n FROM s`,
    [new Date(start).toISOString()],
  );
  return rows[0]!.n;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

/**
 * Runs the app's sweep at clock times from `start` on (the app's clock reads `clock.now`): nothing
 * due, ten minutes' worth due each run, then a thousand minutes' at once.
 */
export async function benchSweep(app: FastifyInstance, clock: { now: number }, start: number, aim: number) {
  const timed = async () => {
    const began = performance.now();
    const result = await app.schedule.sweep();
    await app.notifications.whenIdle();
    return { ms: performance.now() - began, done: result.live + result.down };
  };
  const report = (label: string, runs: { ms: number; done: number }[], withAim = true) => {
    const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
    const done = runs.reduce((sum, r) => sum + r.done, 0);
    const p99 = percentile(sorted, 0.99);
    const verdict = withAim ? `   aim < ${aim} ms ${p99 < aim ? "met" : "MISSED"}` : "";
    console.log(
      `    ${label.padEnd(34)} median ${ms(percentile(sorted, 0.5))}   p99 ${ms(p99)}${verdict}   (${runs.length} runs, ${done.toLocaleString("en")} transitions)`,
    );
  };

  clock.now = start;
  await timed();
  const idle: { ms: number; done: number }[] = [];
  for (let i = 0; i < 50; i++) idle.push(await timed());
  report("a run with nothing due", idle);

  const busy: { ms: number; done: number }[] = [];
  for (let i = 1; i <= 30; i++) {
    clock.now = start + i * 10 * 60_000;
    busy.push(await timed());
  }
  report("a run with 10 minutes' transitions", busy);

  clock.now = start + 1300 * 60_000;
  const catchUp = await timed();
  console.log(
    `    ${"catch-up after 1,000 minutes away".padEnd(34)} ${ms(catchUp.ms)} for ${catchUp.done.toLocaleString("en")} transitions ` +
      `(${(catchUp.ms / Math.max(1, Math.ceil(catchUp.done / 100))).toFixed(1)} ms a batch of 100)`,
  );
}
