import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectScrape, runScrape } from '../../src/catalog/scrape.js';
import { saveScrapeConfig } from '../../src/catalog/scrapeConfigs.js';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { createTestDb } from '../helpers/index.js';
import { buildScrapeConfig } from './helpers.js';
import { type KubeApiServer, startKubeApiServer } from './kubeApiServer.js';

// The kubernetes scraper's scope, since and relationships templates, against the local stand-in
// API server (kubeApiServer.ts) through the official client: no cluster can run here.

let db: Db;
let api: KubeApiServer;
const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
const old = '2026-04-01T00:00:00Z';
const meta = (uid: string, name: string, extra: Record<string, unknown> = {}) => ({
  uid,
  name,
  creationTimestamp: old,
  ...extra,
});

beforeAll(async () => {
  db = await createTestDb();
  api = await startKubeApiServer([
    { kind: 'Namespace', metadata: meta('ns-shop', 'shop'), status: { phase: 'Active' } },
    { kind: 'Node', metadata: meta('node-1', 'node-1'), status: { conditions: [{ type: 'Ready', status: 'True' }] } },
    {
      kind: 'Deployment',
      metadata: meta('dep-1', 'checkout', { namespace: 'shop' }),
      spec: { replicas: 1 },
      status: { replicas: 1, readyReplicas: 1, updatedReplicas: 1, availableReplicas: 1 },
    },
    {
      kind: 'Service',
      metadata: meta('svc-1', 'checkout', { namespace: 'shop' }),
      spec: { selector: { app: 'checkout' } },
    },
    {
      kind: 'Pod',
      metadata: meta('pod-old', 'old-1', { namespace: 'shop' }),
      spec: { nodeName: 'node-1' },
      status: { phase: 'Running' },
    },
    {
      kind: 'Pod',
      // created long ago, modified half an hour ago (managed fields carry the time)
      metadata: meta('pod-new', 'new-1', {
        namespace: 'shop',
        managedFields: [{ manager: 'kubelet', operation: 'Update', time: '2026-05-01T11:30:00Z' }],
      }),
      spec: {},
      status: { phase: 'Running' },
    },
  ]);
}, 180_000);
afterAll(async () => {
  await api?.close();
  await db?.close();
});

const scraper = (extra: Record<string, unknown>) => ({
  kubernetes: [{ clusterName: 'opts', kubeconfig: { value: api.kubeconfig }, ...extra }],
});
const collect = async (extra: Record<string, unknown>) => {
  const { results } = await collectScrape(buildScrapeConfig(scraper(extra)), {
    clock,
    fileRoots: { fileRoots: [] },
  });
  expect(results[0]?.errors).toEqual([]);
  return results[0];
};
const names = (r: Awaited<ReturnType<typeof collect>>) => r?.items.map((i) => `${i.type} ${i.name}`).sort();

describe('kubernetes scraper options', () => {
  it('scope lists cluster-scoped kinds only, or namespaced kinds only', async () => {
    expect(names(await collect({ scope: 'cluster' }))).toEqual([
      'Kubernetes::Cluster opts',
      'Kubernetes::Namespace shop',
      'Kubernetes::Node node-1',
    ]);
    expect(names(await collect({ scope: 'namespaced' }))).toEqual([
      'Kubernetes::Cluster opts',
      'Kubernetes::Deployment checkout',
      'Kubernetes::Pod new-1',
      'Kubernetes::Pod old-1',
      'Kubernetes::Service checkout',
    ]);
    expect(() => buildScrapeConfig(scraper({ scope: 'galaxy' }))).toThrow(
      /spec\.kubernetes\[0\]\.scope: expected namespaced, cluster or all/,
    );
  });

  it('relationships templates link objects by kind, name and namespace', async () => {
    const config = buildScrapeConfig(
      scraper({
        relationships: [
          { kind: { expr: "'Deployment'" }, name: '$.spec.selector.app', namespace: '$.metadata.namespace' },
          { kind: { value: 'Node' }, name: '$.spec.nodeName' },
        ],
      }),
      'opts-rel',
    );
    const { id } = await saveScrapeConfig(db.kysely, config, { source: 'ConfigFile' });
    const run = await runScrape(db, { id, config }, { clock, fileRoots: { fileRoots: [] } });
    expect(run.errors).toEqual([]);
    expect(run.summary.relationships).toBe(2);
    const { rows } = await db.kysely
      .selectFrom('config_relationships as r')
      .innerJoin('config_items as a', 'a.id', 'r.config_id')
      .innerJoin('config_items as b', 'b.id', 'r.related_id')
      .select(['a.type as from_type', 'a.name as from', 'b.type as to_type', 'b.name as to', 'r.relation'])
      .where('r.relation', '!=', 'hard')
      .where('r.scraper_id', '=', id)
      .orderBy('a.name')
      .execute()
      .then((rows) => ({ rows }));
    expect(rows.map((r) => `${r.from_type} ${r.from} -${r.relation}-> ${r.to_type} ${r.to}`).sort()).toEqual([
      'Kubernetes::Pod old-1 -related-> Kubernetes::Node node-1',
      'Kubernetes::Service checkout -related-> Kubernetes::Deployment checkout',
    ]);
    expect(() => buildScrapeConfig(scraper({ relationships: [{ kind: { value: 'Node' } }] }))).toThrow(
      /spec\.kubernetes\[0\]\.relationships\[0\]\.name/,
    );
  });

  it('since reads only objects touched in the window and deletes nothing it did not read', async () => {
    expect(names(await collect({ since: '1h' }))).toEqual(['Kubernetes::Cluster opts', 'Kubernetes::Pod new-1']);
    expect(() => buildScrapeConfig(scraper({ since: 'lately' }))).toThrow(
      /spec\.kubernetes\[0\]\.since: expected a duration/,
    );

    const full = buildScrapeConfig(scraper({}), 'opts-since');
    const { id } = await saveScrapeConfig(db.kysely, full, { source: 'ConfigFile' });
    clock.advance(60_000);
    expect((await runScrape(db, { id, config: full }, { clock, fileRoots: { fileRoots: [] } })).summary.added).toBe(7);
    const recent = buildScrapeConfig(scraper({ since: '1h' }), 'opts-since');
    clock.advance(60_000);
    const run = await runScrape(db, { id, config: recent }, { clock, fileRoots: { fileRoots: [] } });
    expect(run.errors).toEqual([]);
    expect(run.summary.deleted).toBe(0);
    const live = await db.kysely
      .selectFrom('config_items')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('scraper_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(7);
  });
});
