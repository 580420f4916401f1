import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { addPersonWithToken, testEngine } from '../helpers/index.js';
import { type ServeProcess, scratchDatabase, startServe } from './processes.js';
import { type ScaleTarget, startScaleTarget } from './target.js';

// One API process and three worker processes (`opsdeck serve`, OPSDECK_ROLE api / worker) on one
// fresh PostgreSQL database run many checks, a few HTTP scrapers and the notifications of
// flapping checks. Each run must happen once per schedule slot, through a rolling restart of one
// worker (SIGTERM, replacement started) and after a worker killed with SIGKILL, whose checks the
// others run by their next slot; no stored result or queued notification may be lost. SCALE_TEST_CHECKS changes the number of checks (default 1,000).
const CHECKS = Number(process.env.SCALE_TEST_CHECKS ?? 1000);
const ALERTS = 20;
const SCRAPERS = 10;
const INTERVAL_MS = 10_000;
/** Claims reach this far ahead (the scheduler claims two 1 s windows) plus the 100 ms dispatch grid. */
const CLAIM_AHEAD_MS = 2_100;
/** Lateness a loaded 2-core test machine may add to a run's start. */
const SLACK_MS = 3_000;

const postgres = testEngine() === 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dbUrl: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
let db: Db;
let target: ScaleTarget;
let api: ServeProcess;
let workers: ServeProcess[] = [];
let token: string;

const apiFetch = (path: string, init: RequestInit = {}) =>
  fetch(`${api.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

/** Gaps between consecutive times, in ms. */
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] as number));

// PGlite is one embedded database inside one process: several processes cannot share it.
const title = postgres
  ? 'scale-out: one API process and three workers on one PostgreSQL'
  : 'scale-out (skipped on the embedded database: several processes need one PostgreSQL)';
describe.skipIf(!postgres)(title, () => {
  beforeAll(async () => {
    dbUrl = await scratchDatabase();
    target = await startScaleTarget();
    api = await startServe(dbUrl.url, 'api'); // migrates the fresh database
    db = await openDatabase({ databaseUrl: dbUrl.url, poolMax: 3 });
    ({ token } = await addPersonWithToken(db, { email: 'scale@example.com', roles: ['admin'] }));
  }, 120_000);

  afterAll(async () => {
    for (const p of [...workers, api]) await p?.stop();
    await db?.close();
    await target?.close();
    await dbUrl?.drop();
  }, 60_000);

  it('runs each check, scrape and notification once per slot and survives kill -9 of a worker', async () => {
    // checks: CHECKS canaries against /c/N and ALERTS failing against /flip/N, one check each
    await sql`
      insert into canaries (name, namespace, source, spec)
      select 'scale-' || g, 'scale', 'UI',
             jsonb_build_object('schedule', ${`@every ${INTERVAL_MS / 1000}s`}::text, 'http', jsonb_build_array(
               jsonb_build_object('name', case when g <= ${ALERTS}::int then 'alert-' else 'c-' end || g,
                                  'url', ${target.url}::text || case when g <= ${ALERTS}::int then '/flip/' else '/c/' end || g)))
      from generate_series(1, ${CHECKS + ALERTS}::int) g`.execute(db.kysely);
    await sql`
      insert into checks (canary_id, type, name, spec)
      select id, 'http', spec->'http'->0->>'name', spec->'http'->0 from canaries where namespace = 'scale'`.execute(
      db.kysely,
    );
    // a notification rule and the scrapers, through the API process
    const template = encodeURIComponent('{"title":"{{.title}}","check":"{{.check.name}}"}');
    const rule = await apiFetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata: {name: scale-alerts}
spec:
  events: [check.failed, check.passed]
  title: "{{.check.name}} is {{.check.status}}"
  filter: "check.name.startsWith('alert-')"
  to:
    url: "generic+http://${target.url.replace('http://', '')}/hook?template=${template}"
`,
    });
    expect(rule.status, await rule.clone().text()).toBe(201);
    for (let i = 1; i <= SCRAPERS; i++) {
      const res = await apiFetch('/api/db/config_scrapers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `scale-scraper-${i}`,
          spec: {
            schedule: `@every ${INTERVAL_MS / 1000}s`,
            http: [{ type: 'Doc', id: '$.id', name: '$.name', url: `${target.url}/scrape/${i}` }],
          },
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }

    workers = await Promise.all([1, 2, 3].map(() => startServe(dbUrl?.url as string, 'worker')));
    await sleep(2 * INTERVAL_MS); // every check runs about twice; the alerts fail

    // a rolling restart: one worker stops gracefully (SIGTERM) while its replacement starts; the
    // runs it had claimed ahead must still run in their slot, not be skipped
    const replacement = startServe(dbUrl?.url as string, 'worker');
    const leaving = workers.shift() as ServeProcess;
    expect(await leaving.stop(), leaving.stderr()).toBe(0);
    workers.push(await replacement);
    await sleep(1.5 * INTERVAL_MS);

    // kill -9 the worker holding the most claims
    const claims = async (pid: number) => {
      const { rows } = await sql<{ canary_id: string }>`
        select canary_id from canary_schedules where claimed_by like ${`${os.hostname()}:${pid}:%`}`.execute(db.kysely);
      return rows.map((r) => r.canary_id);
    };
    const held = await Promise.all(workers.map((w) => claims(w.pid)));
    const victimIndex = held.indexOf(held.reduce((a, b) => (b.length > a.length ? b : a)));
    const victim = workers[victimIndex] as ServeProcess;
    const killedAt = Date.now();
    await victim.kill9();
    workers = workers.filter((w) => w !== victim);
    // what it held when it died (read after the kill: it kept claiming until then)
    const orphaned = new Set(await claims(victim.pid));
    expect(orphaned.size, `claims per worker: ${held.map((h) => h.length)}`).toBeGreaterThan(0);

    target.flip(); // the alerts pass now: their check.passed notifications are sent by the survivors
    await sleep(2.5 * INTERVAL_MS);
    const exits = await Promise.all([...workers, api].map((p) => p.stop()));
    expect(exits, workers.map((w) => w.stderr()).join('\n')).toEqual(exits.map(() => 0));
    const endedAt = Date.now();

    // the API process ran nothing
    expect(await claims(api.pid)).toEqual([]);

    // checks: stored results per check, at least half an interval apart (never two in one slot)
    const { rows } = await sql<{ name: string; canary_id: string; times: Date[] }>`
      select c.name, c.canary_id, array_agg(s.time order by s.time) as times
      from checks c join check_statuses s on s.check_id = c.id group by c.name, c.canary_id`.execute(db.kysely);
    expect(rows).toHaveLength(CHECKS + ALERTS);
    let doubles = 0;
    let missed = 0;
    const missedAt: string[] = [];
    let recovery = 0;
    let unacknowledged = 0;
    for (const r of rows) {
      const times = r.times.map((t) => new Date(t).getTime());
      const g = gaps(times);
      doubles += g.filter((x) => x < INTERVAL_MS / 2).length;
      // a slot is missed only where the killed worker held the claim: at most one, next to the kill
      const allowed = orphaned.has(r.canary_id) ? 2 * INTERVAL_MS : INTERVAL_MS;
      for (const [i, x] of g.entries()) {
        if (x <= allowed + SLACK_MS) continue;
        missed++;
        const at = (times[i] as number) - killedAt;
        if (missedAt.length < 10) missedAt.push(`${r.name}: ${x} ms after a run ${at} ms from the kill`);
      }
      const after = times.find((t) => t > killedAt);
      expect(after, `${r.name} never ran after the kill`).toBeDefined();
      if (orphaned.has(r.canary_id)) recovery = Math.max(recovery, (after as number) - killedAt);
      // every stored result is a request the target saw; the target may have seen one more (a run
      // in flight, or its result not yet written, when the worker was killed)
      const path = `${r.name.startsWith('alert-') ? '/flip/' : '/c/'}${r.name.replace(/^\D+-/, '')}`;
      const seen = target.hits.get(path)?.length ?? 0;
      expect(seen, `${r.name}: target requests vs stored results`).toBeGreaterThanOrEqual(times.length);
      unacknowledged += seen - times.length;
      expect(seen - times.length, `${r.name}: runs without a stored result`).toBeLessThanOrEqual(1);
    }
    expect(doubles, 'runs closer than half an interval').toBe(0);
    expect(missed, `slots skipped: ${missedAt.join('; ')}`).toBe(0);
    // the killed worker's checks run again by their next slot: within one interval of the slot it lost
    expect(recovery).toBeLessThanOrEqual(INTERVAL_MS + CLAIM_AHEAD_MS + SLACK_MS);
    console.log(
      `scale test: ${rows.reduce((n, r) => n + r.times.length, 0)} check runs, ${Math.round((endedAt - killedAt) / 1000)} s after the kill; ` +
        `${orphaned.size} checks orphaned by kill -9, all run again within ${recovery} ms; ` +
        `${unacknowledged} runs in flight at the kill`,
    );

    // scrapers: one request per slot each, and one job history row per request
    for (let i = 1; i <= SCRAPERS; i++) {
      const times = target.hits.get(`/scrape/${i}`) ?? [];
      expect(times.length, `scraper ${i} runs`).toBeGreaterThanOrEqual(4);
      expect(
        gaps(times).filter((x) => x < INTERVAL_MS / 2),
        `scraper ${i} ran twice in a slot`,
      ).toEqual([]);
    }
    const { rows: jobs } = await sql<{ name: string; n: number }>`
      select s.name, count(*)::int as n from job_history j join config_scrapers s on s.id::text = j.resource_id
      where s.name like 'scale-scraper-%' group by s.name`.execute(db.kysely);
    for (const j of jobs) {
      const seen = target.hits.get(`/scrape/${j.name.replace('scale-scraper-', '')}`)?.length ?? 0;
      expect(seen - j.n, `${j.name}: requests vs job history rows`).toBeGreaterThanOrEqual(0);
      expect(seen - j.n, `${j.name}: requests vs job history rows`).toBeLessThanOrEqual(1);
    }
    expect(jobs).toHaveLength(SCRAPERS);

    // notifications: each alert failed once and passed once; each event delivered exactly once
    const perEvent = new Map<string, number>();
    for (const d of target.deliveries) perEvent.set(d.title, (perEvent.get(d.title) ?? 0) + 1);
    for (let i = 1; i <= ALERTS; i++) {
      expect(perEvent.get(`alert-${i} is unhealthy`), `alert-${i} failed`).toBe(1);
      expect(perEvent.get(`alert-${i} is healthy`), `alert-${i} passed`).toBe(1);
    }
    expect(target.deliveries).toHaveLength(2 * ALERTS);
    const { rows: pending } = await sql<{ n: number }>`
      select count(*)::int as n from event_queue where name in ('check.failed', 'check.passed')`.execute(db.kysely);
    expect(pending[0]?.n, 'events left in the queue').toBe(0);
  }, 240_000);
});
