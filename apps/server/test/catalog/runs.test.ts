import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimNow, releaseLeasesOf } from '../../src/catalog/runs/lease.js';
import { runStoredScraper } from '../../src/catalog/runs/run.js';
import { ScrapeScheduler } from '../../src/catalog/runs/scheduler.js';
import { ManualClock } from '../../src/clock.js';
import { WorkerRegistry } from '../../src/workers/registry.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { tempFolder } from './helpers.js';

let server: TestServer;
let dir: string;
const clock = new ManualClock(new Date('2026-04-01T08:00:00Z'));
const MINUTE = 60_000;

beforeAll(async () => {
  dir = tempFolder({
    'a.json': { id: 'a', name: 'alpha', size: 1 },
    'b.json': { id: 'b', name: 'beta', size: 2 },
  });
  server = await startTestServer({
    clock,
    config: { sandbox: { exec: 'admin', user: 'nobody', fileRoots: [dir] } },
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, as: 'admin' | 'editor' | 'viewer' = 'editor') =>
  server.fetch(path, {
    method: 'POST',
    as,
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });

async function createScraper(name: string, spec: Record<string, unknown>): Promise<string> {
  const res = await post('/api/db/config_scrapers', { name, spec });
  expect(res.status).toBe(201);
  return ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
}

const fileSpec = (paths: string[], schedule = '@every 5m') => ({
  schedule,
  file: [{ type: 'Doc', id: '$.id', name: '$.name', paths }],
});

async function jobsOf(id: string) {
  const res = await server.fetch(
    `/api/db/job_histories?resource_id=eq.${id}&select=name,resource_type,resource_name,status,success_count,error_count,details&order=time_start.asc`,
    { as: 'admin' },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Array<{
    name: string;
    resource_type: string;
    resource_name: string;
    status: string;
    success_count: number;
    error_count: number;
    details: { scrape_summary?: { added: number; unchanged: number }; errors?: string[] };
  }>;
}

async function liveItems(scraperId: string) {
  return server.db.kysely
    .selectFrom('config_items')
    .select(['name', 'deleted_at'])
    .where('scraper_id', '=', scraperId)
    .orderBy('name')
    .execute();
}

describe('Run Now', () => {
  it('scrapes at once for an editor and answers the summary; the run is in the job history', async () => {
    const id = await createScraper('docs', fileSpec([`${dir}/*.json`]));
    const res = await post(`/api/catalog/scrapers/${id}/run`, {});
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ scraper_id: id, status: 'SUCCESS', errors: [], warnings: [] });
    expect(body.summary).toMatchObject({ added: 2, updated: 0, types: { Doc: { added: 2 } } });
    const jobs = await jobsOf(id);
    expect(jobs).toEqual([
      expect.objectContaining({
        name: 'scrape',
        resource_type: 'config_scraper',
        resource_name: 'docs',
        status: 'SUCCESS',
        success_count: 2,
        error_count: 0,
      }),
    ]);
    expect(jobs[0]?.details.scrape_summary).toMatchObject({ added: 2 });
    expect((await liveItems(id)).map((i) => i.name)).toEqual(['alpha', 'beta']);
  });

  it('refuses viewers (403), unknown scrapers (404) and bad ids (400)', async () => {
    const id = await createScraper('docs-rbac', fileSpec([`${dir}/*.json`]));
    expect((await post(`/api/catalog/scrapers/${id}/run`, {}, 'viewer')).status).toBe(403);
    expect((await server.fetch(`/api/catalog/scrapers/${id}/run`, { method: 'POST', as: null })).status).toBe(401);
    expect((await post('/api/catalog/scrapers/00000000-0000-4000-a000-00000000ffff/run', {})).status).toBe(404);
    const bad = await post('/api/catalog/scrapers/nope/run', {});
    expect(bad.status).toBe(400);
  });

  it('keeps the items of a failed scrape and records its error', async () => {
    const id = await createScraper('docs-fail', fileSpec([`${dir}/*.json`]));
    expect((await post(`/api/catalog/scrapers/${id}/run`, {})).status).toBe(200);
    // the scraper now reads a folder that does not exist: the scrape fails
    const patch = await server.fetch(`/api/db/config_scrapers?id=eq.${id}`, {
      method: 'PATCH',
      as: 'editor',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spec: fileSpec([`${dir}/missing/*.json`]) }),
    });
    expect(patch.status).toBe(204);
    const res = await post(`/api/catalog/scrapers/${id}/run`, {});
    const body = await res.json();
    expect(body.status).toBe('FAILED');
    expect(body.errors.join('\n')).toMatch(/missing.*no such file or directory/);
    expect((await liveItems(id)).map((i) => [i.name, i.deleted_at])).toEqual([
      ['alpha', null],
      ['beta', null],
    ]);
    const jobs = await jobsOf(id);
    expect(jobs.at(-1)).toMatchObject({ status: 'FAILED', error_count: 1 });
    expect(jobs.at(-1)?.details.errors?.[0]).toMatch(/no such file or directory/);
  });

  it('answers 409 while the scraper is running elsewhere', async () => {
    const id = await createScraper('docs-busy', fileSpec([`${dir}/*.json`]));
    const now = clock.now();
    expect(await claimNow(server.db, id, now, new Date(now.getTime() + MINUTE), now, 'other-process')).toBe(true);
    const res = await post(`/api/catalog/scrapers/${id}/run`, {});
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/already running/);
    expect(await jobsOf(id)).toEqual([]);
  });
});

describe('saving scrapers', () => {
  it('lets only admins save exec scrapers (OPSDECK_EXEC=admin), as exec checks', async () => {
    const spec = { exec: [{ type: 'Host', id: '$.id', script: 'echo \'{"id": "h1"}\'' }] };
    const refused = await post('/api/db/config_scrapers', { name: 'exec-editor', spec }, 'editor');
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/only admins may save exec scrapers/);
    const saved = await post('/api/db/config_scrapers', { name: 'exec-admin', spec }, 'admin');
    expect(saved.status).toBe(201);
    const id = ((await saved.json()) as Array<{ id: string }>)[0]?.id;
    // running what an admin saved is fine for an editor
    const run = await post(`/api/catalog/scrapers/${id}/run`, {}, 'editor');
    expect(await run.json()).toMatchObject({ status: 'SUCCESS', summary: { added: 1 } });
  });

  it('reads inline credentials of a scraper spec masked', async () => {
    const id = await createScraper('http-secret', {
      http: [
        {
          type: 'Api',
          id: '$.id',
          url: 'https://user:hunter2@api.example.com/items',
          headers: [{ name: 'Authorization', value: 'Bearer abcdef0123456789' }],
        },
      ],
    });
    const res = await server.fetch(`/api/db/config_scrapers?id=eq.${id}&select=spec`, { as: 'viewer' });
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('abcdef0123456789');
    expect(text).toContain('********');
  });
});

describe('scheduled scrapes', () => {
  const schedulers: ScrapeScheduler[] = [];
  const scheduler = (owner: string) => {
    const s = new ScrapeScheduler({
      db: server.db,
      clock,
      owner,
      timers: false,
      run: (row, signal) =>
        runStoredScraper(server.db, row, {
          clock,
          sandbox: { exec: 'admin', user: 'nobody', fileRoots: [dir] },
          signal,
        }),
    });
    schedulers.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of schedulers) await s.stop(1000);
  });

  it('runs a scraper on its schedule in exactly one of several processes', async () => {
    const id = await createScraper('docs-scheduled', fileSpec([`${dir}/*.json`], '@every 10m'));
    const one = scheduler('process-1');
    const two = scheduler('process-2');
    await one.start();
    await two.start();
    expect(one.has(id) && two.has(id)).toBe(true);
    const first = (await one.nextRun(id)) as Date;
    expect(first.getTime()).toBeGreaterThanOrEqual(clock.now().getTime());
    expect(first.getTime()).toBeLessThan(clock.now().getTime() + 10 * MINUTE);

    clock.set(new Date(first.getTime() + 1000));
    await Promise.all([one.tick(), two.tick()]);
    await Promise.all([one.whenIdle(), two.whenIdle()]);
    let jobs = await jobsOf(id);
    expect(jobs.map((j) => j.status)).toEqual(['SUCCESS']);
    expect(((await one.nextRun(id)) as Date).getTime()).toBe(first.getTime() + 10 * MINUTE);

    // nothing is due until the next interval
    await Promise.all([one.tick(), two.tick()]);
    await Promise.all([one.whenIdle(), two.whenIdle()]);
    expect(await jobsOf(id)).toHaveLength(1);

    clock.set(new Date(first.getTime() + 10 * MINUTE + 1000));
    await Promise.all([two.tick(), one.tick()]);
    await Promise.all([one.whenIdle(), two.whenIdle()]);
    jobs = await jobsOf(id);
    expect(jobs.map((j) => [j.status, j.details.scrape_summary?.unchanged])).toEqual([
      ['SUCCESS', 0],
      ['SUCCESS', 2],
    ]);
  });

  it('never claims a scraper whose run still holds its lease', async () => {
    const id = await createScraper('docs-leased', fileSpec([`${dir}/*.json`], '@every 1m'));
    const s = scheduler('process-3');
    await s.start();
    const first = (await s.nextRun(id)) as Date;
    clock.set(new Date(first.getTime() + 1000));
    // another process is running it (Run Now)
    const now = clock.now();
    expect(await claimNow(server.db, id, now, new Date(now.getTime() + 5 * MINUTE), first, 'other')).toBe(true);
    await s.tick();
    await s.whenIdle();
    expect(await jobsOf(id)).toEqual([]);
    // once the lease has passed (its holder died), the run happens
    clock.set(new Date(now.getTime() + 5 * MINUTE + 1000));
    await s.tick();
    await s.whenIdle();
    expect((await jobsOf(id)).map((j) => j.status)).toEqual(['SUCCESS']);
  });

  it('lifts the lease of a worker found dead, so its scraper runs again without waiting it out', async () => {
    const id = await createScraper('docs-orphaned', fileSpec([`${dir}/*.json`], '@every 1m'));
    const s = scheduler('process-5');
    await s.start();
    const first = (await s.nextRun(id)) as Date;
    clock.set(new Date(first.getTime() + 1000));
    const now = clock.now();
    const workers = (id: string) =>
      new WorkerRegistry({
        db: server.db,
        id,
        role: 'worker',
        heartbeatMs: 60_000,
        staleAfterMs: 180_000,
        timers: false,
      });
    const dead = workers('worker-dead');
    const alive = workers('worker-alive');
    const judge = workers('worker-judge');
    judge.onTakeover((worker) => releaseLeasesOf(server.db, worker));
    for (const w of [dead, alive, judge]) await w.start();
    // the dead worker holds this scraper's lease for five minutes, a live one another scraper's
    const other = await createScraper('docs-leased-alive', fileSpec([`${dir}/*.json`], '@every 1m'));
    expect(await claimNow(server.db, id, now, new Date(now.getTime() + 5 * MINUTE), first, 'worker-dead')).toBe(true);
    expect(await claimNow(server.db, other, now, new Date(now.getTime() + 5 * MINUTE), first, 'worker-alive')).toBe(
      true,
    );
    await dead.stop(); // stopped (or silent past the timeout): the others take it over
    expect(await judge.sweep()).toEqual(['worker-dead']);
    const { rows } = await sql<{ scraper_id: string; leased_by: string | null }>`
      select scraper_id, leased_by from config_scraper_schedules where scraper_id in (${id}, ${other})`.execute(
      server.db.kysely,
    );
    expect(Object.fromEntries(rows.map((r) => [r.scraper_id, r.leased_by]))).toEqual({
      [id]: null,
      [other]: 'worker-alive',
    });
    await s.tick();
    await s.whenIdle();
    expect((await jobsOf(id)).map((j) => j.status)).toEqual(['SUCCESS']);
  });

  it('picks up created, rescheduled and deleted scrapers', async () => {
    const s = scheduler('process-4');
    await s.start();
    const before = s.size;
    const id = await createScraper('docs-later', fileSpec([`${dir}/*.json`], '@every 30m'));
    await s.sync();
    expect(s.has(id)).toBe(true);
    expect(s.size).toBe(before + 1);
    const planned = (await s.nextRun(id)) as Date;
    expect(planned.getTime() - clock.now().getTime()).toBeLessThan(30 * MINUTE);

    const patch = await server.fetch(`/api/db/config_scrapers?id=eq.${id}`, {
      method: 'PATCH',
      as: 'editor',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spec: fileSpec([`${dir}/*.json`], '@every 24h') }),
    });
    expect(patch.status).toBe(204);
    await s.sync();
    const replanned = (await s.nextRun(id)) as Date;
    expect(replanned.getTime()).not.toBe(planned.getTime());
    expect(replanned.getTime() - clock.now().getTime()).toBeLessThan(24 * 60 * MINUTE);

    const del = await server.fetch(`/api/db/config_scrapers?id=eq.${id}`, { method: 'DELETE', as: 'editor' });
    expect(del.status).toBe(204);
    await s.sync();
    expect(s.has(id)).toBe(false);
    // a deleted scraper is never run, even with a run due
    clock.set(new Date(replanned.getTime() + 1000));
    await s.tick();
    await s.whenIdle();
    expect(await jobsOf(id)).toEqual([]);
    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from config_scrapers where id = ${id} and deleted_at is not null`.execute(
      server.db.kysely,
    );
    expect(stored.rows[0]?.n).toBe(1);
  });
});
