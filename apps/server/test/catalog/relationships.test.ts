import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScrape } from '../../src/catalog/scrape.js';
import { saveScrapeConfig } from '../../src/catalog/scrapeConfigs.js';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { buildScrapeConfig, tempFolder, writeFiles } from './helpers.js';

// transform.relationship (issue 12 item 2): a file scraper over a folder links cars to their
// owners with soft relationships, kept in step on every scrape, read through /api/db.

let server: TestServer;
let dir: string;
let scraperId: string;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));

beforeAll(async () => {
  server = await startTestServer();
  dir = tempFolder({
    'people/alice.json': { login: 'alice', name: 'Alice' },
    'people/bob.json': { login: 'bob', name: 'Bob' },
    'cars/audi.json': { reg_no: 'A-1', make: 'Audi', owner: 'alice' },
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const spec = (carRules: unknown[]) => ({
  file: [
    { type: 'Person', id: '$.login', name: '$.name', paths: [`${dir}/people/*.json`] },
    {
      type: 'Car',
      id: '$.reg_no',
      name: '$.make',
      paths: [`${dir}/cars/*.json`],
      transform: { relationship: carRules },
    },
  ],
});
const ownedBy = {
  filter: "config_type == 'Car'",
  type: { value: 'Person' },
  external_id: '$.owner',
  relation: 'owned-by',
};
const driver = { expr: "[{'type': 'Person', 'name': config.owner == 'alice' ? 'Alice' : 'Bob'}]", parent: true };

async function scrape(rules: unknown[]) {
  const config = buildScrapeConfig(spec(rules), 'garage');
  scraperId ??= (await saveScrapeConfig(server.db.kysely, config, { source: 'ConfigFile' })).id;
  clock.advance(60_000);
  return runScrape(server.db, { id: scraperId, config }, { clock, fileRoots: { fileRoots: [dir] } });
}

async function idOf(name: string): Promise<string> {
  const res = await server.fetch(`/api/db/config_items?name=eq.${name}&select=id`, { as: 'viewer' });
  return ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
}

async function related(name: string, direction: 'outgoing' | 'incoming') {
  const res = await server.fetch(
    `/api/db/rpc/related_configs_recursive?config_id=${await idOf(name)}&type_filter=${direction}`,
    { as: 'viewer' },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ name: string }>).map((r) => r.name).sort();
}

async function edges() {
  const res = await server.fetch(
    '/api/db/config_relationships?relation=neq.hard&select=relation,scraper_id,deleted_at,from:config_items!config_id(name),to:config_items!related_id(name)&order=created_at',
    { as: 'viewer' },
  );
  expect(res.status).toBe(200);
  return (
    (await res.json()) as Array<{
      relation: string;
      scraper_id: string;
      deleted_at: string | null;
      from: { name: string };
      to: { name: string };
    }>
  ).map((e) => `${e.from.name} -${e.relation}-> ${e.to.name}${e.deleted_at ? ' (deleted)' : ''}`);
}

describe('transform.relationship', () => {
  it('links an item to the items its selectors find, with the scraper and the relation', async () => {
    const run = await scrape([ownedBy, driver]);
    expect(run.errors).toEqual([]);
    expect(run.warnings).toEqual([]);
    expect(run.summary.relationships).toBe(2);
    expect(await related('Audi', 'outgoing')).toEqual(['Alice']);
    expect(await related('Audi', 'incoming')).toEqual(['Alice']);
    expect((await edges()).sort()).toEqual(['Alice -related-> Audi', 'Audi -owned-by-> Alice']);
    const res = await server.fetch('/api/db/config_relationships?relation=eq.owned-by&select=scraper_id', {
      as: 'viewer',
    });
    expect(await res.json()).toEqual([{ scraper_id: scraperId }]);
  });

  it('moves the edge when the config changes and removes what a clean scrape no longer produces', async () => {
    writeFiles(dir, { 'cars/audi.json': { reg_no: 'A-1', make: 'Audi', owner: 'bob' } });
    const run = await scrape([ownedBy]);
    expect(run.errors).toEqual([]);
    expect(await related('Audi', 'outgoing')).toEqual(['Bob']);
    expect(await related('Audi', 'incoming')).toEqual([]);
    expect((await edges()).sort()).toEqual([
      'Alice -related-> Audi (deleted)',
      'Audi -owned-by-> Alice (deleted)',
      'Audi -owned-by-> Bob',
    ]);
  });

  it('names the item of a failing rule in the run errors and deletes nothing', async () => {
    const broken = { expr: 'config.no_such_key.x', relation: 'broken' };
    const run = await scrape([broken]);
    expect(run.errors).toEqual([
      expect.stringMatching(/^file\[1\]: .*audi\.json: Car\/Audi: transform\.relationship\[0\]: /),
    ]);
    expect(await related('Audi', 'outgoing')).toEqual(['Bob']);
    const items = await server.fetch('/api/db/config_items?deleted_at=is.null&select=name&order=name', {
      as: 'viewer',
    });
    expect(await items.json()).toEqual([{ name: 'Alice' }, { name: 'Audi' }, { name: 'Bob' }]);
  });

  it('revives an edge produced again', async () => {
    writeFiles(dir, { 'cars/audi.json': { reg_no: 'A-1', make: 'Audi', owner: 'alice' } });
    const run = await scrape([ownedBy, driver]);
    expect(run.errors).toEqual([]);
    expect((await edges()).sort()).toEqual([
      'Alice -related-> Audi',
      'Audi -owned-by-> Alice',
      'Audi -owned-by-> Bob (deleted)',
    ]);
  });

  it('refuses a lookup expression that does not parse, naming its path', () => {
    expect(() => buildScrapeConfig(spec([{ name: { expr: 'config.(' } }]))).toThrow(
      /spec\.file\[1\]\.transform\.relationship\[0\]\.name\.expr/,
    );
  });

  it('refuses a rule that selects nothing, naming its path', () => {
    expect(() => buildScrapeConfig(spec([{ filter: 'true' }]))).toThrow(
      /spec\.file\[1\]\.transform\.relationship\[0\]/,
    );
  });

  it('resolves many items of every selector kind in one scrape (batched per rule)', async () => {
    const fleet = tempFolder({
      ...Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [
          `teams/t${i}.json`,
          { key: `t${i}`, name: `Team ${i}`, ns: `ns-${i % 3}`, squad: `s${i}` },
        ]),
      ),
      ...Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [`apps/a${i}.json`, { key: `a${i}`, name: `App ${i}`, team: `t${i}` }]),
      ),
    });
    try {
      const config = buildScrapeConfig(
        {
          file: [
            {
              type: 'Team',
              id: '$.key',
              name: '$.name',
              labels: { squad: '$.squad' },
              tags: { namespace: '$.ns' },
              paths: [`${fleet}/teams/*.json`],
            },
            {
              type: 'App',
              id: '$.key',
              name: '$.name',
              paths: [`${fleet}/apps/*.json`],
              transform: {
                relationship: [
                  { type: { value: 'Team' }, external_id: '$.team', relation: 'by-id' },
                  {
                    type: { value: 'Team' },
                    labels: { squad: { expr: "'s' + config.team.substring(1)" } },
                    relation: 'by-label',
                  },
                  { filter: "config.key == 'a0'", namespace: { value: 'ns-1' }, relation: 'by-namespace' },
                  { filter: "config.key == 'a1'", id: { value: 'not-a-uuid' }, relation: 'never' },
                ],
              },
            },
          ],
        },
        'fleet',
      );
      const { id } = await saveScrapeConfig(server.db.kysely, config, { source: 'ConfigFile' });
      clock.advance(60_000);
      const run = await runScrape(server.db, { id, config }, { clock, fileRoots: { fileRoots: [fleet] } });
      expect(run.errors).toEqual([]);
      // 30 by id + 30 by label + 10 teams in ns-1
      expect(run.summary.relationships).toBe(70);
      expect(await related('App 7', 'outgoing')).toEqual(['Team 7']);
      expect(await related('App 0', 'outgoing')).toEqual(
        ['Team 0', ...Array.from({ length: 10 }, (_, i) => `Team ${3 * i + 1}`)].sort(),
      );
    } finally {
      rmSync(fleet, { recursive: true, force: true });
    }
  });
});
