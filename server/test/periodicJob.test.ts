// The periodic job behind the schedule's sweep and the reports' rollup: a run at start and then on
// its interval, one at a time, a failure logged once per outage, and closing waits for a run.
import Fastify from "fastify";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { periodicJob } from "../lib/periodicJob.js";

function appWithLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { app: Fastify({ logger: { level: "info", stream } }), lines };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a periodic job", () => {
  it("runs at start and on its interval, logs a failing stretch once, and says when it works again", async () => {
    const { app, lines } = appWithLog();
    let runs = 0;
    const outcomes = [true, false, false, false, true, true];
    periodicJob(app, {
      name: "test job",
      everyMs: 20,
      work: async () => {
        const ok = outcomes[runs++] ?? true;
        if (!ok) throw new Error("database away");
        return runs;
      },
    });
    await app.ready();
    await expect.poll(() => runs, { timeout: 2_000 }).toBeGreaterThanOrEqual(6);
    await app.close();
    expect(lines.filter((l) => l.msg === "test job failed; it runs again shortly")).toHaveLength(1);
    expect(lines.filter((l) => l.msg === "test job: working again")).toHaveLength(1);
  });

  it("runs one at a time, and closing the app waits for the run in progress", async () => {
    const { app } = appWithLog();
    let active = 0;
    let most = 0;
    let finished = 0;
    const job = periodicJob(app, {
      name: "slow job",
      everyMs: 0,
      work: async () => {
        active += 1;
        most = Math.max(most, active);
        await wait(50);
        active -= 1;
        finished += 1;
        return finished;
      },
    });
    await app.ready();
    const called = [job.run(), job.run()];
    expect(await Promise.all(called)).toEqual([2, 3]);
    expect(most).toBe(1);
    void job.run();
    await app.close();
    expect(finished).toBe(4);
    expect(active).toBe(0);
  });
});
