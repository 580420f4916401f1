import { spawn } from 'node:child_process';
import { COVERAGE_ROUTE } from './restartCoverage.js';

/**
 * The soak benchmark's peer, in its own process so its work is not counted as the server's:
 * `/c/<n>` answers 200, `/f/<n>` alternates 500 and 200 (a check that flips every run, so
 * notifications flow), `/hook` takes notification webhooks. `/stats?from&to&interval` answers the
 * arrivals in [from, to): their total, the count per wall-clock second, and the spacing between
 * two runs of one check minus the interval (the schedule's jitter); `/hooks` the webhooks seen;
 * `/coverage` which checks ran again after a restart (bench/lib/restartCoverage.ts).
 */
const TARGET = `
const http = require('node:http');
// every arrival in time order: when, and how long after the same check's arrival before it (NaN
// for its first), in typed arrays that grow by doubling, so a minute's stats are a scan and no
// arrival allocates: the peer's own pauses would show as the server's lateness
let times = new Float64Array(1 << 20), gaps = new Float64Array(1 << 20), count = 0, first = 0;
const hits = new Map(); // a check's path -> its last arrivals, ascending (COVERAGE_ROUTE)
const flips = new Map();
let hooks = 0;
const now = () => performance.timeOrigin + performance.now();
const record = (p, t) => {
  let list = hits.get(p); if (!list) { list = []; hits.set(p, list); }
  if (count === times.length) {
    const live = count - first;
    const grow = (a) => { const b = new Float64Array(live * 2 + 1024); b.set(a.subarray(first, count)); return b; };
    times = grow(times); gaps = grow(gaps); count = live; first = 0;
  }
  times[count] = t; gaps[count] = list.length ? t - list[list.length - 1] : NaN; count++;
  list.push(t); if (list.length > 16) list.splice(0, 8);
};
const lowerBound = (t) => { let lo = first, hi = count; while (lo < hi) { const m = (lo + hi) >> 1; if (times[m] < t) lo = m + 1; else hi = m; } return lo; };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const p = url.pathname;
  if (p.startsWith('/c/') || p.startsWith('/f/')) {
    record(p, now());
    let code = 200;
    if (p.startsWith('/f/')) { const n = (flips.get(p) || 0) + 1; flips.set(p, n); code = n % 2 ? 500 : 200; }
    res.writeHead(code, { 'content-type': 'text/plain' }); res.end(code === 200 ? 'ok' : 'down'); return;
  }
  if (p === '/hook') { req.resume(); req.on('end', () => { hooks++; res.end('{}'); }); return; }
  if (p === '/hooks') { res.end(JSON.stringify({ hooks })); return; }
  if (p === '/stats') {
    const from = Number(url.searchParams.get('from')), to = Number(url.searchParams.get('to'));
    const interval = Number(url.searchParams.get('interval'));
    const seconds = Math.max(1, Math.ceil((to - from) / 1000));
    const perSecond = new Array(seconds).fill(0); const spacing = [];
    const end = lowerBound(to);
    // a gap counts when the arrival before it was at most an interval and 5 s before the window
    for (let i = lowerBound(from); i < end; i++) {
      const t = times[i], gap = gaps[i];
      perSecond[Math.floor((t - from) / 1000)]++;
      if (gap === gap && t - gap >= from - interval - 5000) spacing.push(gap - interval);
    }
    // arrivals older than two intervals are not asked again
    first = lowerBound(to - 2 * interval - 10000);
    res.end(JSON.stringify({ total: end - lowerBound(from), perSecond, spacing })); return;
  }
${COVERAGE_ROUTE}
  res.writeHead(404).end();
});
server.keepAliveTimeout = 120000;
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
`;

export interface SoakStats {
  total: number;
  perSecond: number[];
  spacing: number[];
}

/** Starts the peer; `stop()` kills it. */
export async function startSoakTarget(): Promise<{
  url: string;
  stats(from: number, to: number, intervalMs: number): Promise<SoakStats>;
  hooks(): Promise<number>;
  stop(): void;
}> {
  const child = spawn(process.execPath, ['-e', TARGET], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async stats(from, to, intervalMs) {
      const res = await fetch(`${url}/stats?from=${from}&to=${to}&interval=${intervalMs}`);
      return (await res.json()) as SoakStats;
    },
    async hooks() {
      return ((await (await fetch(`${url}/hooks`)).json()) as { hooks: number }).hooks;
    },
    stop: () => child.kill(),
  };
}
