// `npm run bench -- logs [--size-mib 1024] [--days 7] [--runs 20] [--keep DIR]`: writes a set of rotated log
// files (`app.log`, `app.log.1` ... plain, the oldest day gzipped) of `size-mib` MiB over `days` days into a
// temporary directory, then times the file log backend's text search (limit 100, newest first, exact total)
// over the last hour and over the last day. Prints p50/p99 of each and the process's peak RSS, then deletes
// the files. It prints figures; it never fails on time.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { fileBackend } from '../../apps/server/src/logs/backends/file.js';

const WORDS = ['GET', 'POST', '/api/orders', '/api/cart', 'served', 'user=42', 'cache', 'miss', 'hit', 'db', 'query'];
const LEVELS = ['INFO', 'INFO', 'INFO', 'INFO', 'DEBUG', 'WARN'];

// message bodies, built once: writing 1 GiB must not take longer than searching it
const BODIES = Array.from({ length: 64 }, (_, i) => {
  let msg = '';
  for (let k = 0; k < 12; k++) msg += `${WORDS[(i * 7 + k * 13) % WORDS.length]} `;
  return `${LEVELS[i % LEVELS.length]} ${msg}`;
});
let stampSecond = -1;
let stampPrefix = '';

/** One line at `t`: an ISO time, a level and ~120 bytes of text; one in a hundred is a timeout error. */
function line(t: number, i: number): string {
  const sec = Math.floor(t / 1000);
  if (sec !== stampSecond) {
    stampSecond = sec;
    stampPrefix = new Date(sec * 1000).toISOString().slice(0, 20);
  }
  const ts = `${stampPrefix}${String(t % 1000).padStart(3, '0')}Z`;
  if (i % 100 === 0) return `${ts} ERROR upstream timeout after 30s order=${i} host=api-${i % 7}\n`;
  return `${ts} ${BODIES[i % 64]}took=${i % 997}ms req=${i.toString(36)}\n`;
}

/** Writes lines from `from` to `to` (ms) spaced `step` ms into `file` with 4 MiB writes; answers bytes written. */
async function writeSpan(file: string, from: number, to: number, step: number, start: number): Promise<number> {
  const out = createWriteStream(file);
  let buf = '';
  let bytes = 0;
  let i = start;
  for (let t = from; t < to; t += step, i++) {
    buf += line(t, i);
    if (buf.length > 4 * 1024 * 1024) {
      bytes += buf.length;
      if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
      buf = '';
    }
  }
  bytes += buf.length;
  out.end(buf);
  await new Promise<void>((r) => out.once('finish', () => r()));
  await utimes(file, to / 1000, to / 1000);
  return bytes;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'size-mib': { type: 'string', default: '1024' },
      days: { type: 'string', default: '7' },
      runs: { type: 'string', default: '20' },
      keep: { type: 'string' },
    },
  });
  const sizeMiB = Number(values['size-mib']);
  const days = Number(values.days);
  const runs = Number(values.runs);
  const dir = values.keep ?? (await mkdtemp(path.join(tmpdir(), 'opsdeck-bench-logs-')));
  const DAY = 86_400_000;
  const now = Date.now();
  const perDay = (sizeMiB * 1024 * 1024) / days;
  let sample = 0;
  for (let k = 0; k < 1000; k++) sample += line(now + k * 37, k).length;
  const step = Math.max(1, Math.floor(DAY / (perDay / (sample / 1000))));
  console.log(`writing ${sizeMiB} MiB of logs over ${days} days (a line every ${step} ms) into ${dir}`);
  const t0 = performance.now();
  let total = 0;
  let i = 0;
  try {
    for (let d = days - 1; d >= 0; d--) {
      const name = d === 0 ? 'app.log' : `app.log.${d}`;
      const from = now - (d + 1) * DAY;
      const to = now - d * DAY;
      total += await writeSpan(path.join(dir, name), from, to, step, i);
      i += Math.ceil((to - from) / step);
    }
    // and one older day, rotated and gzipped (a tenth of a day's lines)
    let gz = '';
    for (let t = now - (days + 1) * DAY; t < now - days * DAY; t += step * 10) gz += line(t, i++);
    const gzFile = path.join(dir, `app.log.${days}.gz`);
    await writeFile(gzFile, gzipSync(gz, { level: 1 }));
    await utimes(gzFile, (now - days * DAY) / 1000, (now - days * DAY) / 1000);
    total += (await stat(gzFile)).size;
    console.log(`wrote ${(total / 1024 / 1024).toFixed(0)} MiB in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const backend = fileBackend([{ path: [path.join(dir, 'app.log')] }], {}, { files: { fileRoots: [dir] } });
    const search = async (span: number) => {
      const started = performance.now();
      const page = await backend.search({
        query: 'timeout',
        start: Date.now() - span,
        end: Date.now(),
        limit: 100,
        labels: {},
        now: Date.now(),
        signal: new AbortController().signal,
      });
      return { ms: performance.now() - started, total: page.total, lines: page.lines.length };
    };
    for (const [label, span, n] of [
      ['last hour', 3_600_000, runs],
      ['last day', DAY, Math.max(3, Math.ceil(runs / 4))],
    ] as const) {
      const times: number[] = [];
      let last = { total: 0, lines: 0 };
      for (let r = 0; r < n; r++) {
        const res = await search(span);
        times.push(res.ms);
        last = res;
      }
      console.log(
        `text search, ${label}: p50 ${pct(times, 50).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms over ${n} runs (first ${times[0]?.toFixed(0)} ms; ${last.total} matches, ${last.lines} returned)`,
      );
    }
    console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
  } finally {
    if (!values.keep) await rm(dir, { recursive: true, force: true });
  }
}
