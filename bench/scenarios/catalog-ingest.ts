// `npm run bench -- catalog-ingest [--full] [--files 1000] [--relationships] [--postgres URL] [--only pglite|postgres]`: the
// ingest part of the catalog benchmark. Writes N JSON files (one config item each, ~1 KiB of
// nested config), then on the embedded database and on a scratch PostgreSQL database runs the real
// file scraper and ingest (`runScrape`) three times: the first scrape (every item added), a
// rescrape after a tenth of the files changed (updates and diff changes), and a rescrape with
// nothing changed. Prints the time of each and the process's peak RSS during it (sampled every
// 20 ms; with the embedded database the WebAssembly PostgreSQL is inside this process and counted).
// The embedded data dir is migrated by `opsdeck migrate` in a child process first, so initdb's own
// peak is not counted. Default 1,000 files; --full: 10,000. Targets (issue 12, PostgreSQL): 10,000
// files under 20 s and 300 MiB.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { runScrape } from '../../apps/server/src/catalog/scrape.js';
import { saveScrapeConfig } from '../../apps/server/src/catalog/scrapeConfigs.js';
import { validateScrapeConfig } from '../../apps/server/src/catalog/scrapeConfigYaml.js';
import { systemClock } from '../../apps/server/src/clock.js';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { scratchPostgres } from '../lib/postgres.js';

const MiB = 1024 * 1024;
const rels = (s: { relationships: number }) => (s.relationships ? `, relationships ${s.relationships}` : '');

function fileBody(i: number, version: number): string {
  return JSON.stringify({
    id: `svc-${i}`,
    name: `service-${i}`,
    team: `team-${i % 37}`,
    health: i % 50 === 0 ? 'unhealthy' : 'healthy',
    version,
    deploy: {
      image: `registry.example.com/svc-${i}:${version}.0.${i % 7}`,
      replicas: 1 + (i % 5),
      env: Array.from({ length: 8 }, (_, k) => ({ name: `VAR_${k}`, value: `value-${i}-${k}` })),
      resources: { cpu: `${100 + (i % 9) * 50}m`, memory: `${128 + (i % 4) * 128}Mi` },
    },
    owners: [`owner-${i % 11}@example.com`, `oncall-${i % 13}@example.com`],
    dependsOn: `service-${(i + 1) % 1000}`,
  });
}

function writeCorpus(dir: string, n: number, changedVersion?: number): void {
  for (let i = 0; i < n; i++) {
    if (changedVersion !== undefined && i % 10 !== 0) continue;
    const sub = path.join(dir, `d${Math.floor(i / 1000)}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, `svc-${i}.json`), fileBody(i, changedVersion ?? 1));
  }
}

/** Runs `fn` while sampling RSS; answers its duration and the peak. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; peakMiB: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, seconds: (performance.now() - started) / 1000, peakMiB: peak / MiB };
  } finally {
    clearInterval(timer);
  }
}

async function prepareDataDir(dir: string): Promise<void> {
  const bin = path.resolve(import.meta.dirname, '../../apps/server/bin/opsdeck.mjs');
  const child = spawn(process.execPath, [bin, 'migrate'], {
    env: { ...process.env, OPSDECK_DATA_DIR: dir, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`opsdeck migrate exited with ${code}`);
}

async function runOn(engine: string, db: Db, corpus: string, n: number, relationships: boolean): Promise<void> {
  await migrate(db);
  const config = validateScrapeConfig({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name: 'bench-files' },
    spec: {
      file: [
        {
          type: 'Service',
          id: '$.id',
          name: '$.name',
          health: '$.health',
          labels: { team: '$.team' },
          paths: [`${corpus}/**/*.json`],
          // --relationships: every item selects the service it depends on (one selector per item)
          ...(relationships ? { transform: { relationship: [{ name: '$.dependsOn', type: 'Service' }] } } : {}),
        },
      ],
    },
  });
  const { id } = await saveScrapeConfig(db.kysely, config, { source: 'ConfigFile' });
  const scrape = () => runScrape(db, { id, config }, { clock: systemClock, fileRoots: { fileRoots: [corpus] } });
  const rows: Array<[string, number, number, string]> = [];
  const baseline = process.memoryUsage.rss() / MiB;
  const first = await measured(scrape);
  rows.push([
    'first scrape',
    first.seconds,
    first.peakMiB,
    `added ${first.value.summary.added}${rels(first.value.summary)}`,
  ]);
  writeCorpus(corpus, n, 2);
  const second = await measured(scrape);
  rows.push([
    'rescrape, 10% changed',
    second.seconds,
    second.peakMiB,
    `updated ${second.value.summary.updated}, changes ${second.value.summary.changes}`,
  ]);
  const third = await measured(scrape);
  rows.push([
    'rescrape, unchanged',
    third.seconds,
    third.peakMiB,
    `unchanged ${third.value.summary.unchanged}${rels(third.value.summary)}`,
  ]);
  const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from config_items`.execute(db.kysely);
  console.log(`${engine.padEnd(10)} RSS before the first scrape: ${baseline.toFixed(0)} MiB`);
  for (const [what, s, mib, note] of rows) {
    console.log(
      `${engine.padEnd(10)} ${what.padEnd(24)} ${s.toFixed(2).padStart(7)} s  peak RSS ${mib.toFixed(0).padStart(5)} MiB  ${note}`,
    );
  }
  if (count[0]?.n !== n) console.log(`${engine}: expected ${n} items, found ${count[0]?.n}`);
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    // the read half's flags pass through `catalog`
    strict: false,
    options: {
      files: { type: 'string' },
      full: { type: 'boolean' },
      postgres: {
        type: 'string',
        default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      only: { type: 'string' },
      relationships: { type: 'boolean' },
    },
  });
  const n = Number(values.files ?? (values.full ? 10_000 : 1_000));
  const root = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-catalog-'));
  console.log(`catalog ingest: ${n} files of ~${fileBody(1, 1).length} bytes`);
  try {
    if (values.only !== 'postgres') {
      const corpus = path.join(root, 'pglite-files');
      writeCorpus(corpus, n);
      const dataDir = path.join(root, 'data');
      await prepareDataDir(dataDir);
      const db = await openDatabase({ dataDir });
      try {
        await runOn('embedded', db, corpus, n, values.relationships === true);
      } finally {
        await db.close();
      }
    }
    if (values.only !== 'pglite') {
      const corpus = path.join(root, 'pg-files');
      writeCorpus(corpus, n);
      const scratch = await scratchPostgres(values.postgres as string);
      if (scratch) {
        try {
          await runOn('postgres', scratch.db, corpus, n, values.relationships === true);
        } finally {
          await scratch.drop();
        }
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
