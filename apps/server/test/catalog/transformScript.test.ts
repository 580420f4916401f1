import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectScrape, runScrape } from '../../src/catalog/scrape.js';
import { saveScrapeConfig } from '../../src/catalog/scrapeConfigs.js';
import { ManualClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { createTestDb } from '../helpers/index.js';
import { buildScrapeConfig, tempFolder } from './helpers.js';

// transform.expr and transform.gotemplate (issue 12 item 2): a script over each scraped config
// answers the items to keep (and changes for them); a failing script is a run error naming the
// item, never a lost item.

let db: Db;
let dir: string;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
const fileRoots = () => ({ fileRoots: [dir] });

beforeAll(async () => {
  db = await createTestDb();
  dir = tempFolder({
    'fleet.json': {
      id: 'fleet-1',
      cars: [
        { reg: 'A-1', make: 'Audi', km: 10 },
        { reg: 'B-2', make: 'BMW', km: 2 },
      ],
    },
  });
}, 180_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const fileScraper = (extra: Record<string, unknown>, name?: string) =>
  buildScrapeConfig({ file: [{ type: 'Car', id: '$.reg', name: '$.make', paths: [`${dir}/*.json`], ...extra }] }, name);

async function collect(extra: Record<string, unknown>) {
  const { results, warnings } = await collectScrape(fileScraper(extra), { clock, fileRoots: fileRoots() });
  return { ...(results[0] as NonNullable<(typeof results)[0]>), warnings };
}

describe('transform.expr', () => {
  it('turns one config into the results it answers, with their own fields and changes', async () => {
    const r = await collect({
      id: '$.id',
      transform: {
        expr: `config.cars.map(c, {'id': c.reg, 'name': c.make + ' ' + c.reg, 'config_class': 'Vehicle',
          'tags': {'fleet': config.id}, 'config': c,
          'changes': [{'external_change_id': c.reg + '-svc', 'change_type': 'Serviced', 'summary': 'serviced'}]})`,
      },
    });
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.items.map((i) => [i.externalId, i.name, i.configClass, i.tags, i.config])).toEqual([
      ['A-1', 'Audi A-1', 'Vehicle', { fleet: 'fleet-1' }, { reg: 'A-1', make: 'Audi', km: 10 }],
      ['B-2', 'BMW B-2', 'Vehicle', { fleet: 'fleet-1' }, { reg: 'B-2', make: 'BMW', km: 2 }],
    ]);
    expect(r.changes.map((c) => [c.externalId, c.configType, c.changeType, c.summary])).toEqual([
      ['A-1', 'Car', 'Serviced', 'serviced'],
      ['B-2', 'Car', 'Serviced', 'serviced'],
    ]);
  });

  it('keeps plain configs it answers, extracted by the scraper fields', async () => {
    const r = await collect({ transform: { expr: 'config.cars.filter(c, c.km > 5)' } });
    expect(r.errors).toEqual([]);
    expect(r.items.map((i) => [i.externalId, i.name])).toEqual([['A-1', 'Audi']]);
  });
});

describe('transform.gotemplate', () => {
  it('reads the rendered text as YAML configs', async () => {
    const gotemplate = '{{- range .config.cars }}\n- reg: "{{ .reg }}"\n  make: "{{ .make | upper }}"\n{{- end }}\n';
    const r = await collect({ transform: { gotemplate } });
    expect(r.errors).toEqual([]);
    expect(r.items.map((i) => [i.externalId, i.name, i.config])).toEqual([
      ['A-1', 'AUDI', { reg: 'A-1', make: 'AUDI' }],
      ['B-2', 'BMW', { reg: 'B-2', make: 'BMW' }],
    ]);
  });
});

describe('transform.javascript', () => {
  it("runs config-db's documented script: edit `config`, end with JSON.stringify, one item per element", async () => {
    const r = await collect({
      items: '$.cars',
      transform: {
        javascript: `var out = [];
for (var i = 0; i < 2; i++) {
  out.push({ reg: config.reg + '-' + i, make: config.make, from: result.config.reg, source: typeof source });
}
JSON.stringify(out)`,
      },
    });
    expect(r.errors).toEqual([]);
    expect(r.items.map((i) => [i.externalId, i.name, i.config])).toEqual([
      ['A-1-0', 'Audi', { reg: 'A-1-0', make: 'Audi', from: 'A-1', source: 'string' }],
      ['A-1-1', 'Audi', { reg: 'A-1-1', make: 'Audi', from: 'A-1', source: 'string' }],
      ['B-2-0', 'BMW', { reg: 'B-2-0', make: 'BMW', from: 'B-2', source: 'string' }],
      ['B-2-1', 'BMW', { reg: 'B-2-1', make: 'BMW', from: 'B-2', source: 'string' }],
    ]);
  });

  it('takes results with their own fields, as the other languages do', async () => {
    const r = await collect({
      id: '$.id',
      transform: {
        javascript: `JSON.stringify(config.cars.map(function (c) {
  return { id: c.reg, name: c.make.toUpperCase(), config: c };
}))`,
      },
    });
    expect(r.errors).toEqual([]);
    expect(r.items.map((i) => [i.externalId, i.name])).toEqual([
      ['A-1', 'AUDI'],
      ['B-2', 'BMW'],
    ]);
  });

  it('is an error naming the item when the script throws or overruns its limits', async () => {
    const thrown = await collect({ id: '$.id', transform: { javascript: 'throw new Error("no cars")' } });
    expect(thrown.items).toEqual([]);
    expect(thrown.errors.join()).toMatch(/transform\.javascript: .*no cars/);
    const loop = await collect({ id: '$.id', transform: { javascript: 'while (true) {}' } });
    expect(loop.items).toEqual([]);
    expect(loop.errors.join()).toMatch(/transform\.javascript: .*took longer than \d+ms/);
  }, 30_000);
});

describe('a failing script', () => {
  it('is an error of the run naming the item, and the stored items stay', async () => {
    const good = fileScraper({ items: '$.cars' });
    const { id } = await saveScrapeConfig(db.kysely, good, { source: 'ConfigFile' });
    const first = await runScrape(db, { id, config: good }, { clock, fileRoots: fileRoots() });
    expect(first.errors).toEqual([]);
    expect(first.summary.added).toBe(2);

    clock.advance(60_000);
    const broken = fileScraper({ items: '$.cars', transform: { expr: 'config.no_such_key.x' } });
    const run = await runScrape(db, { id, config: broken }, { clock, fileRoots: fileRoots() });
    expect(run.errors).toHaveLength(2);
    expect(run.errors[0]).toMatch(/^file\[0\]: .*fleet\.json: Car\/A-1: transform\.expr: /);
    expect(run.summary.deleted).toBe(0);
    const live = await db.kysely
      .selectFrom('config_items')
      .select(sql<string>`external_id[1]`.as('eid'))
      .where('scraper_id', '=', id)
      .where('deleted_at', 'is', null)
      .orderBy('eid')
      .execute();
    expect(live.map((r) => r.eid)).toEqual(['A-1', 'B-2']);
  });

  it('is refused when saved if it does not parse, naming the path', () => {
    expect(() => fileScraper({ transform: { expr: 'config.(' } })).toThrow(/spec\.file\[0\]\.transform\.expr/);
  });
});

describe('properties', () => {
  it('are copied to the stored items, filtered and rendered per item, and updated on rescrape', async () => {
    const withProps = (unit: string) =>
      fileScraper(
        {
          items: '$.cars',
          properties: [
            { name: 'mileage', text: `{{ .config.km }} ${unit}`, icon: 'car' },
            { name: 'low', filter: 'config.km < 5', text: 'barely driven' },
            { name: 'docs', links: [{ label: 'manual', url: 'https://cars.example/{{ .name }}' }] },
          ],
        },
        'props',
      );
    const { id } = await saveScrapeConfig(db.kysely, withProps('km'), { source: 'ConfigFile' });
    const run = await runScrape(db, { id, config: withProps('km') }, { clock, fileRoots: fileRoots() });
    expect(run.errors).toEqual([]);
    const stored = async () =>
      db.kysely
        .selectFrom('config_items')
        .select(['name', 'properties'])
        .where('scraper_id', '=', id)
        .orderBy('name')
        .execute();
    expect(await stored()).toEqual([
      {
        name: 'Audi',
        properties: [
          { name: 'mileage', text: '10 km', icon: 'car' },
          { name: 'docs', links: [{ label: 'manual', url: 'https://cars.example/Audi' }] },
        ],
      },
      {
        name: 'BMW',
        properties: [
          { name: 'mileage', text: '2 km', icon: 'car' },
          { name: 'low', text: 'barely driven' },
          { name: 'docs', links: [{ label: 'manual', url: 'https://cars.example/BMW' }] },
        ],
      },
    ]);
    clock.advance(60_000);
    const again = await runScrape(db, { id, config: withProps('miles') }, { clock, fileRoots: fileRoots() });
    expect(again.summary.updated).toBe(2);
    expect((await stored())[0]?.properties).toContainEqual({ name: 'mileage', text: '10 miles', icon: 'car' });
  });

  it('are refused when saved if a filter or template does not parse, naming the path', () => {
    expect(() => fileScraper({ properties: [{ name: 'a', filter: 'config.(' }] })).toThrow(
      /spec\.file\[0\]\.properties\[0\]\.filter/,
    );
    expect(() => fileScraper({ properties: [{ name: 'a', links: [{ url: '{{ if .name }}x' }] }] })).toThrow(
      /spec\.file\[0\]\.properties\[0\]\.links\[0\]\.url/,
    );
  });
});
