import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { executeCheck } from '../../src/health/execute.js';
import { LastResults } from '../../src/health/lastResult.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type HttpPeer, startHttpPeer } from './checks/httpPeer.js';
import { runnerContext } from './checks/runnerContext.js';

/** `last_result()`: a stateful check passes only when the value changed since its last run. */

let server: TestServer;
let peer: HttpPeer;
let value = 1;
let checkId: string;

const check = () => ({
  name: 'stock',
  url: `${peer.url}/stock`,
  // keep the value in the stored details, so the next run (in this process or after a restart) sees it
  transform: { expr: '{"detail": {"value": json.value}}' },
  display: {
    template: '{{ with last_result }}was {{ .results.value }}{{ else }}first run{{ end }}, now {{ .json.value }}',
  },
  test: { expr: '!has(last_result().status) || last_result().results.value != json.value' },
});

beforeAll(async () => {
  [server, peer] = await Promise.all([startTestServer(), startHttpPeer(() => ({ json: { value } }))]);
  const canary = validateCanary({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'stock', namespace: 'shop' },
    spec: { http: [check()] },
  });
  const saved = await server.db.kysely
    .transaction()
    .execute((trx) => saveCanary(trx, canary, { source: 'UI', clock: server.ctx.clock }));
  checkId = saved.checks['http/stock'] as string;
});
afterAll(async () => {
  await Promise.all([server?.close(), peer?.close()]);
});

async function runNow() {
  const res = await server.fetch(`/api/canary/run/check/${checkId}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json();
}

describe('last_result()', () => {
  it('sees the previous run of the same check in test and display', async () => {
    value = 1;
    expect(await runNow()).toMatchObject({ pass: true, message: 'first run, now 1' });
    expect(await runNow()).toMatchObject({ pass: false, message: 'was 1, now 1', error: 'test failed' });
    value = 2;
    expect(await runNow()).toMatchObject({ pass: true, message: 'was 1, now 2' });
  });

  it('survives a restart: the newest stored result answers when memory has none', async () => {
    const afterRestart = new LastResults(server.db); // a new process starts with an empty memory
    const previous = await afterRestart.get(checkId);
    expect(previous).toMatchObject({ status: true, message: 'was 1, now 2', results: { value: 2 } });
    expect(previous?.time).toBeInstanceOf(Date);
    expect(previous?.duration).toBeGreaterThanOrEqual(0);

    const ctx = { ...runnerContext(), checkId, lastResult: () => afterRestart.get(checkId) };
    expect(await executeCheck('http', check(), ctx)).toMatchObject({ pass: false, message: 'was 2, now 2' });
    value = 3;
    expect(await executeCheck('http', check(), ctx)).toMatchObject({ pass: true, message: 'was 2, now 3' });
  });

  it('answers an empty map for a check that never ran', async () => {
    expect(await new LastResults(server.db).get('00000000-0000-4000-8000-000000000001')).toBeUndefined();
    const r = await executeCheck(
      'exec',
      { name: 'x', script: 'true', display: { expr: 'string(size(last_result()))' } },
      { ...runnerContext(), lastResult: async () => undefined },
    );
    expect(r).toMatchObject({ pass: true, message: '0' });
  });
});
