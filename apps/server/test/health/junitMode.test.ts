import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { parseJunit } from '../../src/health/checks/lib/junit-xml.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type HttpPeer, startHttpPeer } from './checks/httpPeer.js';

/** `resultMode: junit`: one junit check named after the canary holds the whole run. */

let server: TestServer;
let peer: HttpPeer;
let payStatus = 500;

beforeAll(async () => {
  [server, peer] = await Promise.all([
    startTestServer(),
    startHttpPeer((req) =>
      req.path === '/pay' ? { status: payStatus, text: 'card declined' } : { json: { ok: true } },
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), peer?.close()]);
});

const spec = (resultMode?: 'junit') => ({
  ...(resultMode ? { resultMode } : {}),
  http: [
    { name: 'home', url: `${peer.url}/home` },
    { name: 'pay', url: `${peer.url}/pay` },
  ],
  exec: [
    { name: 'after-home', script: 'true', dependsOn: ['home'], test: { expr: 'outputs.home.code == 200' } },
    {
      name: 'fan',
      script: `echo '[{"n":"fan-a"},{"n":"fan-b"}]'`,
      transform: { expr: 'toJSON(stdout.JSON().map(x, {"name": x.n, "pass": true}))' },
    },
    {
      name: 'runs',
      script: 'true',
      display: { template: '{{ with last_result }}{{ .message }}+{{ else }}first{{ end }}' },
    },
  ],
});

async function save(resultMode?: 'junit') {
  const canary = validateCanary({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'checkout', namespace: 'shop' },
    spec: spec(resultMode),
  });
  return server.db.kysely
    .transaction()
    .execute((trx) => saveCanary(trx, canary, { source: 'UI', clock: server.ctx.clock }));
}

async function runNow(checkId: string) {
  const res = await server.fetch(`/api/canary/run/check/${checkId}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json();
}

describe('resultMode junit', () => {
  let suiteId: string;

  it('derives one junit check named after the canary in place of its checks', async () => {
    const plain = await save();
    expect(Object.keys(plain.checks).sort()).toEqual([
      'exec/after-home',
      'exec/fan',
      'exec/runs',
      'http/home',
      'http/pay',
    ]);
    const saved = await save('junit');
    expect(Object.keys(saved.checks)).toEqual(['junit/checkout']);
    suiteId = saved.checks['junit/checkout'] as string;
    const rows = await server.db.kysely
      .selectFrom('checks')
      .select(['id', 'type', 'name', 'description'])
      .where('canary_id', '=', saved.id)
      .where('deleted_at', 'is', null)
      .execute();
    expect(rows).toEqual([{ id: suiteId, type: 'junit', name: 'checkout', description: 'Result Mode: JUnit Report' }]);
  });

  it('collapses the run into one result whose details hold the JUnit XML', async () => {
    const body = await runNow(suiteId);
    expect(body).toMatchObject({ type: 'junit', name: 'checkout', pass: false, message: '6 passed, 1 failed' });
    expect(body.error).toMatch(/^6 passed, 1 failed; http\/pay: .*500/);

    const stored = await server.db.kysely
      .selectFrom('check_statuses')
      .select(['status', 'message', 'details'])
      .where('check_id', '=', suiteId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: false, message: '6 passed, 1 failed' });
    const details = stored.details as { junit: string; passed: number; failed: number };
    expect(details).toMatchObject({ passed: 6, failed: 1 });
    const [suite] = parseJunit(details.junit, 'checkout.xml');
    expect(suite).toMatchObject({ name: 'checkout', passed: 6, failed: 1, error: 0 });
    expect(suite?.tests.map((t) => `${t.classname}/${t.name}:${t.status}`)).toEqual([
      'http/home:passed',
      'http/pay:failed',
      'exec/after-home:passed', // ran after home and saw its outputs
      'exec/fan:passed',
      'exec/fan-a:passed', // checks a transform created are testcases too
      'exec/fan-b:passed',
      'exec/runs:passed',
    ]);
    expect(suite?.tests[1]?.message).toContain('500');
  });

  it('passes when every check passes; each check sees its own previous result', async () => {
    payStatus = 200;
    const body = await runNow(suiteId);
    expect(body).toMatchObject({ pass: true, message: '7 passed, 0 failed', error: null });
    const runs = (body.detail.checks as Array<{ name: string; message: string }>).find((c) => c.name === 'runs');
    expect(runs?.message).toBe('first+');
    const metrics = await (await server.fetch('/metrics', { as: null })).text();
    expect(metrics).toMatch(/canary_check\{[^}]*name="checkout"[^}]*type="junit"\} 0/);
  });
});
