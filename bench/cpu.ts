// How much of the machine other work took while a case ran: the CPU time every process used
// (/proc/stat) less this process's (server and autocannon) and the bench database's backends'
// (PostgreSQL processes whose command line names the database; the server's shared background
// writers count as other work). Linux only; elsewhere, unknown.
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";

/** Kernel clock ticks per second (USER_HZ), 100 on every common Linux build. */
const TICK_MS = 10;

interface Snapshot {
  at: number;
  busyMs: number;
  ownMs: number;
  databaseMs: number;
}

function busyMs(): number {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user! + nice! + system! + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * TICK_MS;
}

/** utime + stime of the processes whose command line contains `marker`. */
function processesMs(marker: string): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(rest[11]) + Number(rest[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * TICK_MS;
}

export function cpuSnapshot(databaseMarker?: string): Snapshot | null {
  try {
    const own = process.cpuUsage();
    return {
      at: performance.now(),
      busyMs: busyMs(),
      ownMs: (own.user + own.system) / 1000,
      databaseMs: databaseMarker ? processesMs(databaseMarker) : 0,
    };
  } catch {
    return null;
  }
}

/** The share (0–1) of all cores other work used between `before` and now; null when unknown. */
export function otherWorkShare(before: Snapshot | null, databaseMarker?: string): number | null {
  const after = cpuSnapshot(databaseMarker);
  if (!before || !after) return null;
  const others = after.busyMs - before.busyMs - (after.ownMs - before.ownMs) - (after.databaseMs - before.databaseMs);
  return Math.max(0, others) / ((after.at - before.at) * cpus().length);
}
