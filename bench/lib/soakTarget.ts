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
const hits = new Map();
const flips = new Map();
let hooks = 0;
const now = () => performance.timeOrigin + performance.now();
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const p = url.pathname;
  if (p.startsWith('/c/') || p.startsWith('/f/')) {
    let list = hits.get(p); if (!list) { list = []; hits.set(p, list); }
    list.push(now());
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
    const perSecond = new Array(seconds).fill(0); const spacing = []; let total = 0;
    for (const list of hits.values()) {
      let prev;
      for (const t of list) {
        if (t >= from - interval - 5000 && t < from) { prev = t; continue; }
        if (t < from || t >= to) continue;
        total++; perSecond[Math.floor((t - from) / 1000)]++;
        if (prev !== undefined) spacing.push(t - prev - interval);
        prev = t;
      }
    }
    // arrivals older than two intervals are not asked again
    const keepFrom = to - 2 * interval - 10000;
    for (const [k, list] of hits) { let i = 0; while (i < list.length && list[i] < keepFrom) i++; if (i) hits.set(k, list.slice(i)); }
    res.end(JSON.stringify({ total, perSecond, spacing })); return;
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
