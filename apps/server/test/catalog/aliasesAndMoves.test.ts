import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScrape } from '../../src/catalog/scrape.js';
import { saveScrapeConfig } from '../../src/catalog/scrapeConfigs.js';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { createTestDb } from '../helpers/index.js';
import { buildScrapeConfig, tempFolder } from './helpers.js';
import { type KubeApiServer, startKubeApiServer } from './kubeApiServer.js';

// transform.aliases (other ids an item is found by) over a folder with `full: true`, and the
// move-up / copy-up change mapping actions over the Kubernetes stand-in's owner chain
// (deployment > replica set > pod) and its events.

let db: Db;
let api: KubeApiServer;
let dir: string;
const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
const meta = (uid: string, name: string, extra: Record<string, unknown> = {}) => ({
  uid,
  name,
  namespace: 'shop',
  creationTimestamp: '2026-04-01T00:00:00Z',
  ...extra,
});
const owned = (uid: string, kind: string) => ({
  ownerReferences: [{ uid, kind, name: 'x', controller: true, apiVersion: 'apps/v1' }],
});
const event = (uid: string, reason: string) => ({
  kind: 'Event',
  metadata: meta(uid, `pod.${uid}`),
  involvedObject: { kind: 'Pod', uid: 'pod-1', name: 'checkout-1', namespace: 'shop' },
  reason,
  type: 'Warning',
  message: reason,
  count: 1,
  lastTimestamp: '2026-05-01T11:58:00Z',
});

beforeAll(async () => {
  db = await createTestDb();
  dir = tempFolder({
    'car.json': {
      config: { reg_no: 'A-1', vin: 'WAU123', make: 'Audi' },
      // reported for the item by its alias, not by its id
      changes: [{ external_id: 'vin:WAU123', config_type: 'Car', external_change_id: 'c1', change_type: 'Serviced' }],
    },
  });
  api = await startKubeApiServer([
    { kind: 'Namespace', metadata: { uid: 'ns-shop', name: 'shop' }, status: { phase: 'Active' } },
    { kind: 'Deployment', metadata: meta('dep-1', 'checkout'), spec: { replicas: 1 }, status: {} },
    { kind: 'ReplicaSet', metadata: meta('rs-1', 'checkout-abc', owned('dep-1', 'Deployment')), status: {} },
    { kind: 'Pod', metadata: meta('pod-1', 'checkout-1', owned('rs-1', 'ReplicaSet')), status: { phase: 'Running' } },
    event('ev-1', 'BackOff'),
    event('ev-2', 'Scheduled'),
    event('ev-3', 'Pulled'),
  ]);
}, 180_000);
afterAll(async () => {
  await api?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const changesOf = async (scraperId: string) =>
  (
    await sql<{ item: string; change_type: string }>`
      select ci.name as item, cc.change_type from config_changes cc join config_items ci on ci.id = cc.config_id
      where ci.scraper_id = ${scraperId} and cc.source is distinct from 'diff' and cc.change_type not in ('Healthy', 'Unhealthy', 'Warning', 'HealthUnknown')
      order by cc.change_type, ci.name`.execute(db.kysely)
  ).rows.map((r) => `${r.change_type} on ${r.item}`);

describe('transform.aliases', () => {
  it('stores the aliases after the id and finds the item by them', async () => {
    const config = buildScrapeConfig(
      {
        full: true,
        file: [
          {
            type: 'Car',
            id: '$.reg_no',
            name: '$.make',
            paths: [`${dir}/*.json`],
            transform: { aliases: ['vin:{{ .config.vin }}', 'A-1'] },
          },
        ],
      },
      'cars',
    );
    const { id } = await saveScrapeConfig(db.kysely, config, { source: 'ConfigFile' });
    const run = await runScrape(db, { id, config }, { clock, fileRoots: { fileRoots: [dir] } });
    expect(run.errors).toEqual([]);
    expect(run.warnings).toEqual([]);
    const item = await db.kysely
      .selectFrom('config_items')
      .select(['external_id'])
      .where('scraper_id', '=', id)
      .executeTakeFirstOrThrow();
    // the id itself is not repeated as an alias
    expect(item.external_id).toEqual(['A-1', 'vin:WAU123']);
    expect(await changesOf(id)).toEqual(['Serviced on Audi']);
  });
});

describe('change mapping move-up and copy-up', () => {
  it('records a change on the ancestor of a type instead, or on the parent as well', async () => {
    const config = buildScrapeConfig(
      {
        kubernetes: [
          {
            clusterName: 'moves',
            kubeconfig: { value: api.kubeconfig },
            transform: {
              changes: {
                mapping: [
                  { filter: "change_type == 'BackOff'", action: 'move-up', ancestor_type: 'Kubernetes::Deployment' },
                  { filter: "change_type == 'Scheduled'", action: 'copy-up' },
                  // no ancestor of this type: the change stays on the pod
                  { filter: "change_type == 'Pulled'", action: 'move-up', ancestor_type: 'Kubernetes::Node' },
                ],
              },
            },
          },
        ],
      },
      'moves',
    );
    const { id } = await saveScrapeConfig(db.kysely, config, { source: 'ConfigFile' });
    clock.advance(60_000);
    const run = await runScrape(db, { id, config }, { clock, fileRoots: { fileRoots: [] } });
    expect(run.errors).toEqual([]);
    expect(run.warnings).toEqual([]);
    expect(await changesOf(id)).toEqual([
      'BackOff on checkout',
      'Pulled on checkout-1',
      'Scheduled on checkout-1',
      'Scheduled on checkout-abc',
    ]);
    // the deployment's BackOff is a Kubernetes::Deployment item's
    const { rows } = await sql<{ type: string }>`
      select ci.type from config_changes cc join config_items ci on ci.id = cc.config_id
      where cc.change_type = 'BackOff'`.execute(db.kysely);
    expect(rows).toEqual([{ type: 'Kubernetes::Deployment' }]);
  });
});
