import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { allPages, iso, json, saveBackend, search, writeLog } from './helpers.js';

/**
 * The file backend over real files through POST /api/logs: a live file, a rotated plain file, a
 * rotated .gz of pino JSON lines, a glob; time range, text, labels, cursor paging; access and 400s.
 */

const NOW = Date.parse('2026-03-01T12:00:00Z');
const MIN = 60_000;
const clock = new ManualClock(new Date(NOW));
let server: TestServer;
let dir = '';

// one line a minute: app.log holds the last 3 hours, app.log.1 the 24 hours before, app.log.2.gz the day before that
const text = (t: number, i: number) =>
  `${iso(t)} ${i % 10 === 0 ? 'ERROR payment timeout' : 'INFO request served'} n=${i}`;
const pino = (t: number, i: number) =>
  JSON.stringify({ level: i % 10 === 0 ? 50 : 30, time: t, msg: i % 10 === 0 ? 'db timeout' : 'tick', i });
const range = (from: number, to: number) => {
  const out: number[] = [];
  for (let t = from; t <= to; t += MIN) out.push(t);
  return out;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdeck-logs-'));
  const live = range(NOW - 3 * 60 * MIN + MIN, NOW);
  const rotated = range(NOW - 27 * 60 * MIN + MIN, NOW - 3 * 60 * MIN);
  const old = range(NOW - 51 * 60 * MIN + MIN, NOW - 27 * 60 * MIN);
  await writeLog(path.join(dir, 'app', 'app.log'), live.map(text), NOW);
  await writeLog(path.join(dir, 'app', 'app.log.1'), rotated.map(text), NOW - 3 * 60 * MIN);
  await writeLog(path.join(dir, 'app', 'app.log.2.gz'), old.map(pino), NOW - 27 * 60 * MIN);
  await writeLog(path.join(dir, 'jobs', 'a.json'), [pino(NOW - 30 * MIN, 0), pino(NOW - 20 * MIN, 1)], NOW - 20 * MIN);
  await writeLog(path.join(dir, 'jobs', 'b.json'), [pino(NOW - 10 * MIN, 10)], NOW - 10 * MIN);
  server = await startTestServer({ clock, config: { sandbox: { exec: 'admin', user: 'nobody', fileRoots: [dir] } } });
  await saveBackend(server, 'app', { file: [{ path: [path.join(dir, 'app', 'app.log')], labels: { app: 'shop' } }] });
  await saveBackend(
    server,
    'jobs',
    { file: [{ path: [path.join(dir, 'jobs', '*.json')], labels: { app: 'jobs' } }] },
    {
      team: 'ops',
    },
  );
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('file log backend', () => {
  it('answers the last hour newest first, with severity, labels and the backend searched', async () => {
    const r = await search(server, { name: 'app', limit: 5 });
    expect(r.total).toBe(61); // NOW-60m .. NOW inclusive
    expect(r.results.map((l) => l.timestamp)).toEqual([0, 1, 2, 3, 4].map((i) => iso(NOW - i * MIN)));
    expect(r.results[0]?.labels).toMatchObject({ app: 'shop', file: path.join(dir, 'app', 'app.log') });
    expect(r.results.find((l) => l.message.includes('ERROR'))?.severity ?? 'error').toBe('error');
    expect(r.results[1]?.severity).toBe('info');
    expect(r.backends).toEqual([{ name: 'app', type: 'file' }]);
    expect(r.nextPage).toBeTruthy();
  });

  it('honours the text (case-insensitive) and a time range across the live and rotated files', async () => {
    const r = await search(server, {
      name: 'app',
      query: 'payment TIMEOUT',
      start: iso(NOW - 4 * 60 * MIN),
      end: iso(NOW - 2 * 60 * MIN),
      limit: 1000,
    });
    expect(r.results.length).toBe(r.total);
    expect(r.total).toBeGreaterThan(10);
    for (const l of r.results) {
      expect(l.message).toContain('ERROR payment timeout');
      expect(Date.parse(l.timestamp)).toBeGreaterThanOrEqual(NOW - 4 * 60 * MIN);
      expect(Date.parse(l.timestamp)).toBeLessThanOrEqual(NOW - 2 * 60 * MIN);
    }
    const files = new Set(r.results.map((l) => path.basename(l.labels.file ?? '')));
    expect(files).toEqual(new Set(['app.log', 'app.log.1']));
  });

  it('reads rotated .gz files of JSON lines (message and level from the fields)', async () => {
    const r = await search(server, { name: 'app', query: 'db timeout', start: '3d', limit: 3 });
    expect(r.total).toBe(144); // one line in ten of the 1440 in app.log.2.gz
    expect(r.results[0]).toMatchObject({ message: 'db timeout', severity: 'error' });
    expect(r.results[0]?.labels.file).toBe(path.join(dir, 'app', 'app.log.2.gz'));
  });

  it('pages with the cursor: every line once, newest first, total unchanged', async () => {
    const body = { name: 'app', start: iso(NOW - 5 * 60 * MIN), end: iso(NOW - 60 * MIN), limit: 7 };
    const { lines, totals } = await allPages(server, body);
    expect(totals).toEqual([241]);
    expect(lines.length).toBe(241);
    expect(new Set(lines.map((l) => l.id)).size).toBe(241);
    const times = lines.map((l) => Date.parse(l.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('expands globs and filters by labels (backend row labels and source labels)', async () => {
    const r = await search(server, { name: 'jobs', query: 'timeout', labels: { team: 'ops' } });
    expect(r.total).toBe(2);
    expect(r.results.map((l) => path.basename(l.labels.file ?? ''))).toEqual(['b.json', 'a.json']);
    expect((await search(server, { name: 'jobs', labels: { team: 'dev' } })).total).toBe(0);
  });

  it('routes a component log selector to its backend', async () => {
    const res = await server.fetch(
      '/api/db/topologies',
      json({
        name: 'shop',
        spec: {
          components: [
            {
              name: 'checkout',
              type: 'service',
              logs: [
                { name: 'app', backend: 'app' },
                { name: 'jobs', type: 'file', labels: { app: 'jobs' } },
              ],
            },
          ],
        },
      }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const topologyId = ((await res.json()) as Array<{ id: string }>)[0]?.id;
    expect((await server.fetch(`/api/canary/run/topology/${topologyId}`, { method: 'POST' })).status).toBe(200);
    const comps = await (await server.fetch('/api/db/components_with_logs?select=id,name')).json();
    const checkout = (comps as Array<{ id: string; name: string }>).find((c) => c.name === 'checkout');
    expect(checkout).toBeTruthy();
    const first = await search(server, { id: checkout?.id, query: 'payment' });
    expect(first.backends).toEqual([{ name: 'app', type: 'file' }]);
    expect(first.total).toBe(6);
    const jobs = await search(server, { id: checkout?.id, name: 'jobs' });
    expect(jobs.total).toBe(3); // app=jobs: only the jobs backend's files
    const missing = await server.fetch('/api/logs', json({ id: checkout?.id, name: 'nope' }));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('app, jobs');
  });

  it('answers 400 naming the field for bad input, 404 for an unknown backend', async () => {
    const bad = async (body: unknown, field: string) => {
      const res = await server.fetch('/api/logs', json(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.text()).toContain(field);
    };
    await bad({ query: 'x' }, 'id');
    await bad({ name: 'app', start: 'yesterday' }, 'start');
    await bad({ name: 'app', start: iso(NOW), end: iso(NOW - MIN) }, 'start');
    await bad({ name: 'app', limit: 0 }, 'limit');
    await bad({ name: 'app', page: 'garbage' }, 'page');
    await bad({ id: 'not-a-uuid' }, 'id');
    await bad({ name: 'app', extra: 1 }, 'extra');
    expect((await server.fetch('/api/logs', json({ name: 'nope' }))).status).toBe(404);
  });

  it('refuses files outside OPSDECK_FILE_ROOTS and validates specs with path-named errors', async () => {
    await saveBackend(server, 'etc', { file: [{ path: ['/etc/passwd'] }] });
    const res = await server.fetch('/api/logs', json({ name: 'etc' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('OPSDECK_FILE_ROOTS');
    const invalid = async (spec: unknown, message: string) => {
      const r = await server.fetch('/api/db/logging_backends', json({ name: `x${Math.random()}`, spec }));
      expect(r.status).toBe(400);
      expect(await r.text()).toContain(message);
    };
    await invalid({ file: [{ path: ['relative.log'] }] }, 'spec.file.0.path.0');
    await invalid({ loki: { url: 'nope' } }, 'spec.loki.url');
    await invalid({ file: [{ path: ['/a'] }], loki: { url: 'http://l:3100' } }, 'name one backend kind');
    await invalid({ fiel: [] }, 'spec');
  });

  it('lets viewers read logs, refuses subjects without read on logging_backends (403) and anonymous (401)', async () => {
    expect((await search(server, { name: 'app', limit: 1 }, 'viewer')).results.length).toBe(1);
    expect((await server.fetch('/api/logs', { ...json({ name: 'app' }), as: { roles: ['agent'] } })).status).toBe(403);
    expect((await server.fetch('/api/logs', { ...json({ name: 'app' }), as: null })).status).toBe(401);
  });
});
