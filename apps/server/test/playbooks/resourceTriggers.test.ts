import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScrapedItem } from '../../src/catalog/extract.js';
import { ingestScrape } from '../../src/catalog/ingest.js';
import { ManualClock } from '../../src/clock.js';
import { EventConsumer } from '../../src/events/consumer.js';
import { playbookEventHandler } from '../../src/playbooks/events.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { json, topologyApi } from '../topology/helpers.js';
import { seedPlaybook, status, worker } from './helpers.js';

/**
 * Catalog events (config.created/updated/deleted/changed/<health>) queued by the ingest, and
 * playbooks fired by `on.config` / `on.component` triggers through the real event queue.
 */

let server: TestServer;
let scraperId: string;
const clock = new ManualClock(new Date('2026-02-01T00:00:00Z'));

beforeAll(async () => {
  server = await startTestServer({ clock });
  scraperId = (
    await server.db.kysely
      .insertInto('config_scrapers')
      .values({ name: 'events', spec: JSON.stringify({}), source: 'UI' } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server?.close();
});

const item = (name: string, over: Partial<ScrapedItem> = {}): ScrapedItem => ({
  externalId: name,
  type: 'Kubernetes::Deployment',
  configClass: 'Deployment',
  name,
  description: null,
  status: 'Running',
  health: 'healthy',
  labels: { app: name },
  tags: { namespace: 'prod' },
  config: { replicas: 1 },
  source: null,
  createdAt: null,
  deletedAt: null,
  parent: null,
  ...over,
});

const ingest = async (items: ScrapedItem[]) => {
  clock.advance(60_000);
  return ingestScrape(server.db, [{ items, changesExclude: [] }], {
    scraperId,
    now: clock.now(),
    failed: false,
    staleAfterMs: 0,
    dedupWindowMs: 0,
  });
};

const queued = async (prefix: string) =>
  (
    await server.db.kysely
      .selectFrom('event_queue')
      .select(['name', 'properties'])
      .where('name', 'like', `${prefix}%`)
      .orderBy('name')
      .execute()
  ).map((e) => ({ ...(e.properties as Record<string, unknown>), event: e.name }) as Record<string, unknown>);

const clearQueue = () => server.db.kysely.deleteFrom('event_queue').execute();

const consume = () =>
  new EventConsumer({ db: server.db.kysely, clock, handlers: [playbookEventHandler(server.ctx)] }).runOnce();

describe('catalog events', () => {
  it('the ingest queues created, updated, changed, health and deleted events with the item', async () => {
    await clearQueue();
    await ingest([item('api'), item('web')]);
    expect((await queued('config.')).map((e) => [e.event, e.labels])).toEqual([
      ['config.created', { namespace: 'prod', app: 'api' }],
      ['config.created', { namespace: 'prod', app: 'web' }],
    ]);
    await clearQueue();
    // api's spec changes and its health falls; web is seen again unchanged
    await ingest([item('api', { config: { replicas: 3 }, health: 'unhealthy' }), item('web')]);
    const second = await queued('config.');
    expect(second.map((e) => e.event)).toEqual([
      'config.changed', // the diff
      'config.changed', // the health transition, recorded as a change
      'config.unhealthy',
      'config.updated',
    ]);
    expect(second.find((e) => e.event === 'config.unhealthy')).toMatchObject({
      name: 'api',
      health: 'unhealthy',
      previous_health: 'healthy',
      type: 'Kubernetes::Deployment',
    });
    expect(second.filter((e) => e.event === 'config.changed').map((e) => e.change_type)).toEqual(
      expect.arrayContaining(['diff', 'Unhealthy']),
    );
    await clearQueue();
    // web is no longer seen: deleted as stale
    await ingest([item('api', { config: { replicas: 3 }, health: 'unhealthy' })]);
    expect(await queued('config.')).toEqual([
      expect.objectContaining({ event: 'config.deleted', name: 'web', id: expect.any(String), delete_reason: 'STALE' }),
    ]);
    // nothing declares a config trigger: no playbook copies pile up
    expect(await queued('playbook.')).toEqual([]);
    await clearQueue();
  });

  it('an on.config trigger runs its playbook for matching items only, once per event', async () => {
    const id = await seedPlaybook(
      server,
      {
        on: {
          config: [
            {
              event: 'unhealthy',
              labels: { namespace: 'prod,staging' },
              filter: "config.type == 'Kubernetes::Deployment'",
            },
            { event: 'created', labels: { app: 'cache' } },
          ],
        },
        actions: [{ name: 'say', exec: { script: 'echo {{.config.name}} is {{.config.health}}' } }],
      },
      'on-config',
    );
    await ingest([
      item('api', { config: { replicas: 3 }, health: 'unhealthy' }),
      item('cache'),
      item('dev-db', { tags: { namespace: 'dev' } }),
    ]);
    await ingest([
      item('api', { config: { replicas: 3 }, health: 'unhealthy' }),
      item('cache', { health: 'unhealthy' }),
      item('dev-db', { tags: { namespace: 'dev' }, health: 'unhealthy' }),
    ]);
    expect(await consume()).toBeGreaterThan(0);
    expect(await consume()).toBe(0);
    const runs = await server.db.kysely
      .selectFrom('playbook_runs')
      .innerJoin('config_items', 'config_items.id', 'playbook_runs.config_id')
      .select(['playbook_runs.id', 'config_items.name'])
      .where('playbook_id', '=', id)
      .orderBy('config_items.name')
      .execute();
    // cache: created (app=cache) and unhealthy (namespace prod); dev-db: namespace dev matches neither
    expect(runs.map((r) => r.name)).toEqual(['cache', 'cache']);
    await worker(server).drain();
    const outs = await Promise.all(runs.map(async (r) => (await status(server, r.id)).actions[0]?.result.stdout));
    // templates see the item as it is when the action runs
    expect(outs).toEqual(['cache is unhealthy\n', 'cache is unhealthy\n']);
    // the notification consumer keeps its own copies
    expect((await queued('config.unhealthy')).map((e) => e.event)).toEqual(['config.unhealthy', 'config.unhealthy']);
    await server.db.kysely.updateTable('playbooks').set({ deleted_at: clock.now() }).where('id', '=', id).execute();
    await clearQueue();
  });

  it('an on.component trigger runs its playbook when a component turns unhealthy', async () => {
    const api = topologyApi(server);
    const spec = (s: string) => ({
      components: [
        { name: 'payments', type: 'service', status: s, labels: { tier: 'gold' } },
        { name: 'reports', type: 'service', status: s, labels: { tier: 'bronze' } },
      ],
    });
    const topo = await api.save('shop', spec('healthy'));
    await api.runNow(topo);
    const id = await seedPlaybook(
      server,
      {
        on: { component: [{ event: 'unhealthy', labels: { tier: 'gold' }, filter: "component.type == 'service'" }] },
        actions: [{ name: 'say', exec: { script: 'echo {{.component.name}} {{.component.health}}' } }],
      },
      'on-component',
    );
    const patch = await server.fetch(`/api/db/topologies?id=eq.${topo}`, {
      method: 'PATCH',
      ...json({ spec: spec('unhealthy') }),
    });
    expect(patch.status, await patch.clone().text()).toBeLessThan(300);
    await api.runNow(topo);
    // payments, reports and the topology's root rolled up from them
    expect((await queued('playbook.component.')).map((e) => e.name).sort()).toEqual(['payments', 'reports', 'shop']);
    expect(await consume()).toBe(3);
    const runs = await server.db.kysely
      .selectFrom('playbook_runs')
      .select(['id', 'component_id'])
      .where('playbook_id', '=', id)
      .execute();
    expect(runs).toHaveLength(1);
    await worker(server).drain();
    expect((await status(server, runs[0]?.id as string)).actions[0]?.result.stdout).toBe('payments unhealthy\n');
  });
});
