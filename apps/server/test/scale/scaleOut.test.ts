import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { addPersonWithToken, testEngine } from '../helpers/index.js';
import { type ServeProcess, scratchDatabase, startServe } from './processes.js';
import { type ScaleTarget, startScaleTarget } from './target.js';

// One API process and four worker processes (`opsdeck serve`, OPSDECK_ROLE api / worker) on one
// fresh PostgreSQL database run many checks, a few HTTP scrapers and the notifications of
// flapping checks. Each run must happen once per schedule slot, through a rolling restart of one
// worker (SIGTERM, its replacement already running) and after a worker killed with SIGKILL: the survivors find
// it silent after the heartbeat timeout and re-run the slots it claimed and never stored, before
// the next slot of those checks is due. No stored result or queued notification may be lost.
// SCALE_TEST_CHECKS changes the number of checks (default 500).
const CHECKS = Number(process.env.SCALE_TEST_CHECKS ?? 500);
const ALERTS = 20;
const SCRAPERS = 10;
const INTERVAL_MS = 5_000;
/** Worker heartbeats in this test: a silent worker is dead after 2 s (default 15 s). */
const WORKER_ENV = { OPSDECK_HEARTBEAT_SECONDS: '0.5', OPSDECK_WORKER_TIMEOUT_SECONDS: '2' };

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

// PGlite is one embedded database inside one process: several processes cannot share it.
const title = postgres
  ? 'scale-out: one API process and three workers (plus one rolled) on one PostgreSQL'
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
    const began = Date.now();
    const mark = (what: string) => console.log(`scale test: ${what} at ${((Date.now() - began) / 1000).toFixed(1)} s`);
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

    const startWorker = () => startServe(dbUrl?.url as string, 'worker', WORKER_ENV);
    // three workers and the one that replaces the first in the rolling restart below, started
    // together (process start-up is most of this test's time on a loaded machine)
    workers = await Promise.all([1, 2, 3, 4].map(() => startWorker()));
    mark('workers started');
    await sleep(2 * INTERVAL_MS); // every check runs about twice; the alerts fail
    // slots are judged from here on: processes starting at once on a loaded machine may start
    // their first runs later than a whole interval, which would count as the next slot's
    const judgedFrom = Date.now();

    // a rolling restart (the replacement already up, as with a surge): one worker stops gracefully
    // (SIGTERM); the runs it had claimed ahead must still run in their slot, not be skipped
    const leaving = workers.shift() as ServeProcess;
    expect(await leaving.stop(), leaving.stderr()).toBe(0);
    mark('rolling restart done');
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
    // the slots it had claimed and not stored when it died (a check without a result since the slot)
    const { rows: lost } = await sql<{ canary_id: string; slot: Date }>`
      select s.canary_id, s.claimed_slot as slot from canary_schedules s
      where s.claimed_by like ${`${os.hostname()}:${victim.pid}:%`} and exists (
        select 1 from checks c where c.canary_id = s.canary_id
          and not exists (select 1 from check_statuses r where r.check_id = c.id and r.time >= s.claimed_slot))`.execute(
      db.kysely,
    );
    const orphaned = new Map(lost.map((r) => [r.canary_id, new Date(r.slot).getTime()]));
    expect(orphaned.size, `claims per worker: ${held.map((h) => h.length)}`).toBeGreaterThan(0);

    target.flip(); // the alerts pass now: their check.passed notifications are sent by the survivors
    await sleep(2.5 * INTERVAL_MS);
    const exits = await Promise.all([...workers, api].map((p) => p.stop()));
    expect(exits, workers.map((w) => w.stderr()).join('\n')).toEqual(exits.map(() => 0));
    const endedAt = Date.now();
    mark('all stopped');

    // no live worker was ever taken for dead (that would run its claimed slots twice)
    const declaredDead = [...workers, victim, leaving].flatMap((w) =>
      w
        .stderr()
        .split('\n')
        .filter((l) => l.includes('taken for dead')),
    );
    expect(declaredDead).toEqual([]);
    // the API process ran nothing
    expect(await claims(api.pid)).toEqual([]);

    // checks: stored results per slot of each check's schedule (the grid of its stored next run)
    const { rows } = await sql<{ name: string; canary_id: string; anchor: Date; times: Date[] }>`
      select c.name, c.canary_id, min(n.next_runtime) as anchor, array_agg(s.time order by s.time) as times
      from checks c join check_statuses s on s.check_id = c.id join canary_schedules n on n.canary_id = c.canary_id
      group by c.name, c.canary_id`.execute(db.kysely);
    expect(rows).toHaveLength(CHECKS + ALERTS);
    let doubles = 0;
    let missed = 0;
    const problems: string[] = [];
    let recovery = 0;
    let unacknowledged = 0;
    for (const r of rows) {
      const times = r.times.map((t) => new Date(t).getTime());
      const anchor = new Date(r.anchor).getTime();
      // a run never starts before its slot and, however late, before the next one
      const slotOf = (t: number) => anchor - Math.ceil((anchor - t) / INTERVAL_MS) * INTERVAL_MS;
      const slots = times.filter((t) => t >= judgedFrom).map(slotOf);
      for (const [i, slot] of slots.entries()) {
        const gap = i > 0 ? (slot - (slots[i - 1] as number)) / INTERVAL_MS : 1;
        if (gap === 1) continue;
        if (gap === 0) doubles++;
        else missed += gap - 1;
        if (problems.length < 10)
          problems.push(`${r.name}: slot ${slot - killedAt} ms from the kill, ${gap} after the one before`);
      }
      const after = times.find((t) => t > killedAt);
      expect(after, `${r.name} never ran after the kill`).toBeDefined();
      const lostSlot = orphaned.get(r.canary_id);
      if (lostSlot !== undefined) {
        // the slot the killed worker never stored ran again, once, before the next slot was due
        const ran = times.filter((t) => t >= lostSlot && t < lostSlot + INTERVAL_MS);
        const rel = (t: number) => `${t - lostSlot} from the slot, ${t - killedAt} from the kill`;
        const hits = (target.hits.get(`/c/${r.name.replace(/^\D+-/, '')}`) ?? []).map(rel);
        expect(
          ran,
          `${r.name}: runs of the slot the killed worker held: ${ran.map(rel)}; requests ${hits}`,
        ).toHaveLength(1);
        recovery = Math.max(recovery, (ran[0] as number) - killedAt);
      }
      // every stored result is a request the target saw; the target may have seen one more (a run
      // in flight, or its result not yet written, when the worker was killed)
      const path = `${r.name.startsWith('alert-') ? '/flip/' : '/c/'}${r.name.replace(/^\D+-/, '')}`;
      const seen = target.hits.get(path)?.length ?? 0;
      expect(seen, `${r.name}: target requests vs stored results`).toBeGreaterThanOrEqual(times.length);
      unacknowledged += seen - times.length;
      expect(seen - times.length, `${r.name}: runs without a stored result`).toBeLessThanOrEqual(1);
    }
    expect(doubles, `slots run twice: ${problems.join('; ')}`).toBe(0);
    expect(missed, `slots skipped: ${problems.join('; ')}`).toBe(0);
    // within one interval of the kill: the heartbeat timeout, one heartbeat and the run itself
    expect(recovery).toBeLessThan(INTERVAL_MS);
    console.log(
      `scale test: ${rows.reduce((n, r) => n + r.times.length, 0)} check runs, ${Math.round((endedAt - killedAt) / 1000)} s after the kill; ` +
        `${orphaned.size} claimed slots unstored at kill -9, all run again within ${recovery} ms; ` +
        `${unacknowledged} runs in flight at the kill`,
    );

    // scrapers: one request per slot each (the grid of each one's stored next run), and one job
    // history row per request
    const { rows: scrapeAnchors } = await sql<{ name: string; next_runtime: Date }>`
      select s.name, n.next_runtime from config_scrapers s join config_scraper_schedules n on n.scraper_id = s.id
      where s.name like 'scale-scraper-%'`.execute(db.kysely);
    expect(scrapeAnchors).toHaveLength(SCRAPERS);
    for (const a of scrapeAnchors) {
      const times = target.hits.get(`/scrape/${a.name.replace('scale-scraper-', '')}`) ?? [];
      expect(times.length, `${a.name} runs`).toBeGreaterThanOrEqual(4);
      const anchor = new Date(a.next_runtime).getTime();
      const slots = times
        .filter((t) => t >= judgedFrom)
        .map((t) => anchor - Math.ceil((anchor - t) / INTERVAL_MS) * INTERVAL_MS);
      expect(
        slots.filter((x, i) => i > 0 && x === slots[i - 1]).map((x) => x - killedAt),
        `${a.name} ran twice in a slot`,
      ).toEqual([]);
    }
    const { rows: jobs } = await sql<{ name: string; n: number; ok: number }>`
      select s.name, count(*)::int as n, count(*) filter (where j.status = 'SUCCESS')::int as ok
      from job_history j join config_scrapers s on s.id::text = j.resource_id
      where s.name like 'scale-scraper-%' group by s.name`.execute(db.kysely);
    for (const j of jobs) {
      const seen = target.hits.get(`/scrape/${j.name.replace('scale-scraper-', '')}`)?.length ?? 0;
      // each successful scrape is a request; besides them at most one request without a row (in
      // flight at the kill) or one failed row without a request (aborted by the last shutdown)
      expect(j.ok, `${j.name}: successful scrapes vs requests`).toBeLessThanOrEqual(seen);
      expect(Math.abs(seen - j.n), `${j.name}: requests vs job history rows`).toBeLessThanOrEqual(1);
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
  }, 180_000);
});
