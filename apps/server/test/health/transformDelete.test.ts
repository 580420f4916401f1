import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

/** Checks a transform created and no longer creates are removed, with their transformDeleteStrategy. */

const dir = mkdtempSync(path.join(tmpdir(), 'opsdeck-transform-'));
chmodSync(dir, 0o755); // the scripts run as the sandbox user and read here
let server: TestServer;
let ids: Record<string, string>;
let canaryId: string;

const alerts = (names: string[], file = 'alerts.json') => writeFileSync(path.join(dir, file), JSON.stringify(names));
// every alert is a failing check named after it
const fanOut = (file: string, extra: Record<string, unknown> = {}) => ({
  script: `cat ${path.join(dir, file)}`,
  transform: { expr: 'toJSON(stdout.JSON().map(a, {"name": a, "pass": false, "message": a + " firing"}))' },
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  alerts(['disk', 'cpu']);
  alerts(['mem'], 'other.json');
  const canary = validateCanary({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'alerts', namespace: 'ops' },
    spec: {
      exec: [
        { name: 'alerts', ...fanOut('alerts.json', { transformDeleteStrategy: 'MarkHealthy' }) },
        { name: 'other', ...fanOut('other.json') },
      ],
    },
  });
  const saved = await server.db.kysely
    .transaction()
    .execute((trx) => saveCanary(trx, canary, { source: 'UI', clock: server.ctx.clock }));
  ids = saved.checks;
  canaryId = saved.id;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function runNow(checkId: string) {
  const res = await server.fetch(`/api/canary/run/check/${checkId}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

async function transformedChecks() {
  const rows = await server.db.kysely
    .selectFrom('checks')
    .select(['name', 'status', 'deleted_at'])
    .where('canary_id', '=', canaryId)
    .where('transformed', '=', true)
    .orderBy('name')
    .execute();
  return rows.map((r) => `${r.name}:${r.status}:${r.deleted_at ? 'deleted' : 'live'}`);
}

describe('transformDeleteStrategy', () => {
  it('removes the checks a parent no longer produces, marking them as its strategy says', async () => {
    await runNow(ids['exec/alerts'] as string);
    await runNow(ids['exec/other'] as string);
    expect(await transformedChecks()).toEqual(['cpu:unhealthy:live', 'disk:unhealthy:live', 'mem:unhealthy:live']);

    alerts(['disk']); // cpu resolved
    await runNow(ids['exec/alerts'] as string);
    // cpu is gone and marked healthy; mem belongs to another parent and stays
    expect(await transformedChecks()).toEqual(['cpu:healthy:deleted', 'disk:unhealthy:live', 'mem:unhealthy:live']);

    alerts(['cpu']); // cpu fires again: the same check comes back
    await runNow(ids['exec/alerts'] as string);
    expect(await transformedChecks()).toEqual(['cpu:unhealthy:live', 'disk:healthy:deleted', 'mem:unhealthy:live']);
  });

  it('without a strategy removes them and leaves their status', async () => {
    alerts(['swap'], 'other.json');
    await runNow(ids['exec/other'] as string);
    expect(await transformedChecks()).toContain('mem:unhealthy:deleted');
  });
});
