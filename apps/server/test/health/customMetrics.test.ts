import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { startHealthWorker } from '../../src/health/engine.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type HttpPeer, startHttpPeer } from './checks/httpPeer.js';

/** A check's `metrics` are exported on /metrics after each run through the real server. */

let server: TestServer;
let peer: HttpPeer;
let queued = 3;

beforeAll(async () => {
  [server, peer] = await Promise.all([startTestServer(), startHttpPeer(() => ({ json: { queued, region: 'eu' } }))]);
});
afterAll(async () => {
  await Promise.all([server?.close(), peer?.close()]);
});

async function apply(name: string, metrics: unknown[]): Promise<string> {
  const canary = validateCanary({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name, namespace: 'shop' },
    spec: { http: [{ name: 'orders', url: `${peer.url}/orders`, metrics }] },
  });
  const saved = await server.db.kysely
    .transaction()
    .execute((trx) => saveCanary(trx, canary, { source: 'UI', clock: server.ctx.clock }));
  return saved.checks['http/orders'] as string;
}

async function runNow(checkId: string) {
  const res = await server.fetch(`/api/canary/run/check/${checkId}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json();
}

const scrape = async () => (await server.fetch('/metrics', { as: null })).text();

describe('custom check metrics on /metrics', () => {
  it('exports gauges, counters and histograms with their labels', async () => {
    const id = await apply('orders', [
      {
        name: 'shop_orders_queued',
        type: 'gauge',
        value: 'json.queued',
        labels: [
          { name: 'queue', value: 'orders' },
          { name: 'region', valueExpr: 'json.region' },
        ],
      },
      {
        name: 'shop_orders_seen_total',
        type: 'counter',
        value: 'json.queued',
        labels: [{ name: 'queue', value: 'orders' }],
      },
      { name: 'shop_orders_batch', type: 'histogram', value: 'double(json.queued) / 10.0' },
    ]);
    queued = 3;
    expect(await runNow(id)).toMatchObject({ pass: true, error: null });
    queued = 5;
    expect(await runNow(id)).toMatchObject({ pass: true, error: null });

    const text = await scrape();
    expect(text).toContain('# TYPE shop_orders_queued gauge');
    expect(text).toContain('shop_orders_queued{queue="orders",region="eu"} 5'); // a gauge holds the last value
    expect(text).toContain('# TYPE shop_orders_seen_total counter');
    expect(text).toContain('shop_orders_seen_total{queue="orders"} 8'); // a counter adds each value
    expect(text).toContain('# TYPE shop_orders_batch histogram');
    expect(text).toContain('shop_orders_batch_bucket{le="0.5"} 2');
    expect(text).toContain('shop_orders_batch_count 2');
    expect(text).toMatch(/shop_orders_batch_sum 0\.8\d*/);
  });

  it('reports a name reused with another type or labels on the result, and keeps serving', async () => {
    const id = await apply('reuse', [
      { name: 'shop_orders_queued', type: 'counter', value: 'json.queued', labels: [{ name: 'queue', value: 'x' }] },
      { name: 'canary_check', type: 'gauge', value: '1' },
    ]);
    const body = await runNow(id);
    expect(body.pass).toBe(true); // the target is fine; only the metric declaration is wrong
    expect(body.error).toBe(
      'metric shop_orders_queued: already exported as a gauge with labels [queue, region], this check reports a counter with labels [queue]; one name needs one type and one set of labels; ' +
        'metric canary_check: the name is taken by one of OpsDeck’s own metrics',
    );
    const stored = await server.db.kysely
      .selectFrom('check_statuses')
      .select(['status', 'error'])
      .where('check_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: true, error: body.error });

    const text = await scrape();
    expect(text).toContain('shop_orders_queued{queue="orders",region="eu"} 5');
    expect(text).not.toContain('queue="x"');
  });

  it('reports a metric whose expression fails, even when the check passes', async () => {
    const id = await apply('broken', [{ name: 'shop_missing', type: 'gauge', value: 'json.nothing' }]);
    const body = await runNow(id);
    expect(body.pass).toBe(true);
    expect(body.error).toMatch(/^metrics: cel "json.nothing": /);
    expect(await scrape()).not.toContain('shop_missing');
  });

  it('drops the series of a deleted canary and of a metric its check no longer declares', async () => {
    const worker = await startHealthWorker(server.ctx, undefined, { timers: false });
    try {
      const gauge = { name: 'shop_gone_queued', type: 'gauge', value: 'json.queued' };
      const id = await apply('gone', [gauge, { ...gauge, name: 'shop_gone_renamed' }]);
      await worker.scheduler.sync();
      expect(await runNow(id)).toMatchObject({ pass: true, error: null });
      let text = await scrape();
      expect(text).toContain('shop_gone_queued 5');
      expect(text).toContain('shop_gone_renamed 5');
      expect(text).toContain(`key="${id}"`);

      // the spec changes: the metric it no longer declares goes with the next run
      const same = await apply('gone', [gauge]);
      expect(same).toBe(id);
      await worker.scheduler.sync();
      expect(await runNow(id)).toMatchObject({ pass: true, error: null });
      text = await scrape();
      expect(text).toContain('shop_gone_queued 5');
      expect(text).not.toContain('shop_gone_renamed 5');

      const { canary_id } = await server.db.kysely
        .selectFrom('checks')
        .select('canary_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const del = await server.fetch(`/api/db/canaries?id=eq.${canary_id}`, { method: 'DELETE' });
      expect(del.status).toBeLessThan(300);
      await worker.scheduler.sync();
      text = await scrape();
      expect(text).not.toContain('shop_gone_queued 5');
      expect(text).not.toContain(`key="${id}"`);
      // other canaries' series stay
      expect(text).toContain('shop_orders_queued{queue="orders",region="eu"} 5');
    } finally {
      await worker.stop();
    }
  });
});
