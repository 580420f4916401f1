import { coveredAfterS, missedWithin, type RestartCoverage, waitForCoverage } from './restartCoverage.js';
import { processCpuMs, type ServeProcess } from './serveProcess.js';

/** What a graceful restart of the server cost, as the peer and the process table saw it. */
export interface RestartFigures {
  n: number;
  intervalMs: number;
  /** From SIGTERM to the old process's exit. */
  stopMs: number;
  exitCode: number | null;
  /** From spawning the new process until it listens. */
  listenMs: number;
  /** CPU of the new process from its start until every check ran again (or the wait ended). */
  cpuMs: number;
  coverage: RestartCoverage;
}

/**
 * Stops `server` with SIGTERM as an operator would, starts the next one with `start` on the same
 * database at once, and waits (up to two intervals and 10 s) until every one of the `n` checks
 * has arrived at the peer again.
 */
export async function restartServer(
  server: ServeProcess,
  start: () => Promise<ServeProcess>,
  o: { n: number; intervalMs: number; peerUrl: string },
): Promise<RestartFigures> {
  const stopAt = Date.now();
  const exitCode = await server.stop();
  const stopMs = Date.now() - stopAt;
  const startedAt = Date.now();
  const next = await start();
  const listenMs = Date.now() - startedAt;
  const coverage = await waitForCoverage(o.peerUrl, {
    n: o.n,
    startedAt,
    intervalMs: o.intervalMs,
    deadline: startedAt + 2 * o.intervalMs + 10_000,
  });
  return { n: o.n, intervalMs: o.intervalMs, stopMs, exitCode, listenMs, cpuMs: processCpuMs(next.pid), coverage };
}

export function printRestart(f: RestartFigures, load: string): void {
  const s = (v: number) => (Number.isNaN(v) ? 'never' : `${v.toFixed(1)} s`);
  const c = f.coverage;
  console.log(`  restart (SIGTERM, then a new server on the same database at once):`);
  console.log(
    `    graceful stop             ${(f.stopMs / 1000).toFixed(1)} s from SIGTERM to exit (exit code ${f.exitCode})`,
  );
  console.log(`    new server listening      ${(f.listenMs / 1000).toFixed(1)} s after its start`);
  console.log(
    `    checks run again          first ${s(c.firsts.length ? (c.firsts[0] as number) / 1000 : Number.NaN)}, 50% ${s(coveredAfterS(c, f.n, 0.5))}, 99% ${s(coveredAfterS(c, f.n, 0.99))}, 100% ${s(coveredAfterS(c, f.n, 1))} after the start (target: one interval, ${f.intervalMs / 1000} s)`,
  );
  console.log(
    `    missed                    ${missedWithin(c, f.n, f.intervalMs)} checks not run again within one interval of the start, ${f.n - c.covered} not within two`,
  );
  console.log(
    `    double runs               ${c.doubles} checks ran again after the start under half an interval after their last run before the stop`,
  );
  console.log(
    `    CPU of the new server     ${(f.cpuMs / 1000).toFixed(1)} s from its start until the wait ended; load ${load}`,
  );
}
