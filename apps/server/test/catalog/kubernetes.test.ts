import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeWatchManager } from '../../src/catalog/runs/kubeWatch.js';
import { runScrape } from '../../src/catalog/scrape.js';
import { saveScrapeConfig } from '../../src/catalog/scrapeConfigs.js';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { createTestDb } from '../helpers/index.js';
import { buildScrapeConfig } from './helpers.js';
import { type KubeApiServer, startKubeApiServer } from './kubeApiServer.js';

// No cluster can run here: these tests talk to a local stand-in API server (kubeApiServer.ts)
// through the official client, over the real REST and watch protocol.

let db: Db;
let api: KubeApiServer;
const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
const ready = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
const crashing = {
  phase: 'Running',
  conditions: [{ type: 'Ready', status: 'False' }],
  containerStatuses: [{ name: 'cart', ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } } }],
};
const meta = (uid: string, name: string, extra: Record<string, unknown> = {}) => ({
  uid,
  name,
  creationTimestamp: '2026-04-01T00:00:00Z',
  ...extra,
});
const owned = (uid: string, kind: string) => ({
  ownerReferences: [{ uid, kind, name: 'x', controller: true, apiVersion: 'apps/v1' }],
});
const event = (uid: string, pod: string, reason: string, type: string, message: string, count = 1) => ({
  kind: 'Event',
  metadata: meta(uid, `${pod}.${uid}`, { namespace: 'shop' }),
  involvedObject: { kind: 'Pod', uid: pod, name: pod, namespace: 'shop' },
  reason,
  type,
  message,
  count,
  source: { component: 'kubelet' },
  lastTimestamp: '2026-05-01T11:58:00Z',
});

beforeAll(async () => {
  db = await createTestDb();
  api = await startKubeApiServer([
    { kind: 'Namespace', metadata: meta('ns-shop', 'shop'), status: { phase: 'Active' } },
    { kind: 'Node', metadata: meta('node-1', 'node-1'), status: { conditions: [{ type: 'Ready', status: 'True' }] } },
    {
      kind: 'Deployment',
      metadata: meta('dep-1', 'checkout', { namespace: 'shop', labels: { app: 'checkout' } }),
      spec: { replicas: 1 },
      status: { replicas: 1, readyReplicas: 1, updatedReplicas: 1, availableReplicas: 1 },
    },
    {
      kind: 'ReplicaSet',
      metadata: meta('rs-1', 'checkout-abc', { namespace: 'shop', ...owned('dep-1', 'Deployment') }),
      status: {},
    },
    {
      kind: 'Pod',
      metadata: meta('pod-1', 'checkout-abc-1', { namespace: 'shop', ...owned('rs-1', 'ReplicaSet') }),
      status: ready,
    },
    {
      kind: 'Pod',
      metadata: meta('pod-2', 'cart-1', { namespace: 'shop', labels: { app: 'cart' } }),
      status: crashing,
    },
    { kind: 'Service', metadata: meta('svc-1', 'checkout', { namespace: 'shop' }), spec: { ports: [{ port: 80 }] } },
    event('ev-1', 'pod-2', 'BackOff', 'Warning', 'Back-off restarting failed container', 3),
    event('ev-2', 'pod-1', 'Scheduled', 'Normal', 'Successfully assigned shop/checkout-abc-1'),
    event('ev-3', 'pod-1', 'Pulled', 'Normal', 'Container image already present'),
  ]);
}, 180_000);
afterAll(async () => {
  await api?.close();
  await db?.close();
});

const spec = () => ({
  kubernetes: [
    {
      clusterName: 'stand-in',
      kubeconfig: { value: api.kubeconfig },
      event: { exclusions: { reason: ['Pulled'] } },
      exclusions: { labels: { app: 'ignored' } },
    },
  ],
});
let scraperId: string;
async function scrapeNow() {
  const config = buildScrapeConfig(spec(), 'cluster');
  scraperId ??= (await saveScrapeConfig(db.kysely, config, { source: 'ConfigFile' })).id;
  return runScrape(db, { id: scraperId, config }, { clock, fileRoots: { fileRoots: [] } });
}

const items = () =>
  db.kysely
    .selectFrom('config_items')
    .select(['name', 'type', 'config_class', 'health', 'tags', 'deleted_at', sql<string>`external_id[1]`.as('uid')])
    .orderBy('type')
    .orderBy('name')
    .execute();

describe('kubernetes scraper', () => {
  it('lists every kind the API server serves as config items with health, tags and labels', async () => {
    const run = await scrapeNow();
    expect(run.errors).toEqual([]);
    const found = await items();
    expect(found.map((i) => [i.type, i.name, i.health])).toEqual([
      ['Kubernetes::Cluster', 'stand-in', null],
      ['Kubernetes::Deployment', 'checkout', 'healthy'],
      ['Kubernetes::Namespace', 'shop', 'healthy'],
      ['Kubernetes::Node', 'node-1', 'healthy'],
      ['Kubernetes::Pod', 'cart-1', 'unhealthy'],
      ['Kubernetes::Pod', 'checkout-abc-1', 'healthy'],
      ['Kubernetes::ReplicaSet', 'checkout-abc', expect.anything()],
      ['Kubernetes::Service', 'checkout', expect.anything()],
    ]);
    expect(found.find((i) => i.uid === 'pod-2')?.tags).toEqual({ cluster: 'stand-in', namespace: 'shop' });
    // kinds the server does not serve (StatefulSet, Job, Ingress, ...) are skipped, not errors
    expect(api.requests.some((r) => r.startsWith('GET /apis/apps/v1/statefulsets'))).toBe(false);
  });

  it('turns owner references into hard relationships: cluster > namespace > deployment > replicaset > pod', async () => {
    const { rows } = await sql<{ parent: string; child: string }>`
      select p.name || ' ' || p.config_class as parent, c.name || ' ' || c.config_class as child
      from config_relationships r
      join config_items p on p.id = r.config_id join config_items c on c.id = r.related_id
      where r.relation = 'hard' order by 1, 2`.execute(db.kysely);
    expect(rows.map((r) => `${r.parent} -> ${r.child}`)).toEqual([
      'checkout Deployment -> checkout-abc ReplicaSet',
      'checkout-abc ReplicaSet -> checkout-abc-1 Pod',
      'shop Namespace -> cart-1 Pod',
      'shop Namespace -> checkout Deployment',
      'shop Namespace -> checkout Service',
      'stand-in Cluster -> node-1 Node',
      'stand-in Cluster -> shop Namespace',
    ]);
  });

  it('records events as changes of the objects they involve, without excluded reasons', async () => {
    const { rows } = await sql<{ name: string; change_type: string; severity: string; count: number; summary: string }>`
      select i.name, c.change_type, c.severity, c.count, c.summary from config_changes c
      join config_items i on i.id = c.config_id where c.source like 'kubernetes/%' order by 1, 2`.execute(db.kysely);
    expect(rows).toEqual([
      {
        name: 'cart-1',
        change_type: 'BackOff',
        severity: 'medium',
        count: 3,
        summary: 'Back-off restarting failed container',
      },
      {
        name: 'checkout-abc-1',
        change_type: 'Scheduled',
        severity: 'info',
        count: 1,
        summary: 'Successfully assigned shop/checkout-abc-1',
      },
    ]);
  });

  it('sees new, changed and deleted objects on the next scrape; a repeated event grows its count', async () => {
    api.add({ kind: 'Pod', metadata: meta('pod-3', 'cart-2', { namespace: 'shop' }), status: ready });
    api.modify({
      kind: 'Pod',
      metadata: meta('pod-2', 'cart-1', { namespace: 'shop', labels: { app: 'cart' } }),
      status: ready,
    });
    api.remove('Service', 'svc-1');
    api.modify(event('ev-1', 'pod-2', 'BackOff', 'Warning', 'Back-off restarting failed container', 5));
    clock.advance(60_000);
    const run = await scrapeNow();
    expect(run.errors).toEqual([]);
    const found = await items();
    expect(found.filter((i) => i.type === 'Kubernetes::Pod').map((i) => [i.name, i.health])).toEqual([
      ['cart-1', 'healthy'],
      ['cart-2', 'healthy'],
      ['checkout-abc-1', 'healthy'],
    ]);
    expect(found.find((i) => i.uid === 'svc-1')?.deleted_at).toEqual(clock.now());
    const { rows } = await sql<{ change_type: string; count: number }>`
      select change_type, count from config_changes c join config_items i on i.id = c.config_id
      where i.name = 'cart-1' order by change_type`.execute(db.kysely);
    // the health transition is a change too (migration 110's trigger), and the status diff
    expect(rows).toEqual(
      expect.arrayContaining([
        { change_type: 'BackOff', count: 5 },
        { change_type: 'Healthy', count: 1 },
        { change_type: 'diff', count: 1 },
      ]),
    );
  });

  it('reports an API server that refuses the credentials, and keeps the items', async () => {
    const config = buildScrapeConfig(
      {
        kubernetes: [
          {
            clusterName: 'stand-in',
            kubeconfig: { value: api.kubeconfig.replace(api.token, 'wrong') },
            watch: [{ apiVersion: 'v1', kind: 'Pod' }],
          },
        ],
      },
      'cluster',
    );
    const run = await runScrape(db, { id: scraperId, config }, { clock, fileRoots: { fileRoots: [] } });
    expect(run.errors.join('\n')).toMatch(/kubernetes\[0\]: .*(401|Unauthorized)/);
    expect((await items()).filter((i) => !i.deleted_at)).toHaveLength(8);
  });
});

async function until(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('kubernetes watch', () => {
  it('keeps items current between scrapes in the process that holds the scraper, from list and watch', async () => {
    // this process ran the scraper last: it holds the claim
    await sql`insert into config_scraper_schedules (scraper_id, next_runtime, claimed_by)
      values (${scraperId}, ${clock.now()}, 'watcher')
      on conflict (scraper_id) do update set claimed_by = 'watcher'`.execute(db.kysely);
    const other = new KubeWatchManager({ db, clock, owner: 'someone-else', flushMs: 50, retryMs: 100 });
    await other.sync();
    expect(other.watching()).toEqual([]);
    const manager = new KubeWatchManager({ db, clock, owner: 'watcher', flushMs: 50, retryMs: 100 });
    try {
      await manager.sync();
      expect(manager.watching()).toEqual([scraperId]);
      // one watch per kind the server serves, plus events
      await until(async () => api.watchers() >= 7, 'the watches to open');
      clock.advance(60_000);
      api.add({ kind: 'Pod', metadata: meta('pod-4', 'cart-3', { namespace: 'shop' }), status: crashing });
      api.modify({
        kind: 'Pod',
        metadata: meta('pod-1', 'checkout-abc-1', { namespace: 'shop', ...owned('rs-1', 'ReplicaSet') }),
        status: crashing,
      });
      api.remove('Pod', 'pod-3');
      api.add(event('ev-4', 'pod-4', 'Failed', 'Warning', 'Error: ImagePullBackOff'));
      await until(async () => {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from config_changes where change_type = 'Failed'`.execute(db.kysely);
        return rows[0]?.n === 1;
      }, 'the event change');
      await until(async () => (await items()).find((i) => i.uid === 'pod-3')?.deleted_at != null, 'the deletion');
      const found = await items();
      expect(found.find((i) => i.uid === 'pod-4')).toMatchObject({
        name: 'cart-3',
        health: 'unhealthy',
        deleted_at: null,
      });
      expect(found.find((i) => i.uid === 'pod-1')?.health).toBe('unhealthy');
      // the watched pod keeps its place in the tree
      const { rows } = await sql<{ parent: string }>`
        select p.name as parent from config_items c join config_items p on p.id = c.parent_id
        where c.external_id[1] in ('pod-4', 'pod-1') order by c.name`.execute(db.kysely);
      expect(rows.map((r) => r.parent)).toEqual(['shop', 'checkout-abc']);
    } finally {
      await manager.stop();
    }
    await until(async () => api.watchers() === 0, 'the watches to close');
  });
});
