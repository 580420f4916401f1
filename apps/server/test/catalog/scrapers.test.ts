import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectScrape } from '../../src/catalog/scrape.js';
import { systemClock } from '../../src/clock.js';
import { closeCheckDrivers } from '../../src/health/drivers.js';
import { buildScrapeConfig, tempFolder } from './helpers.js';

const folders: string[] = [];
afterAll(async () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  await closeCheckDrivers();
});

function folder(files: Record<string, unknown>): string {
  const dir = tempFolder(files);
  folders.push(dir);
  return dir;
}

const scrape = (spec: Record<string, unknown>, roots: string[]) =>
  collectScrape(buildScrapeConfig(spec), { clock: systemClock, fileRoots: { fileRoots: roots } });

describe('file scraper', () => {
  const dir = folder({
    'cars/audi.json': { reg_no: 'A-1', make: 'Audi', health: 'healthy', owner: 'ann', vin: 'WAU123' },
    'cars/bmw.yaml': 'reg_no: B-2\nmake: BMW\nhealth: unhealthy\nowner: bob\nvin: WBA456\n',
    'cars/skip.json': { reg_no: 'S-3', make: 'Skoda' },
    'cars/notes.txt': 'not a car',
    'fleet.json': {
      fleet: [
        { reg_no: 'F-1', make: 'Fiat' },
        { reg_no: 'F-2', make: 'Ford' },
      ],
    },
    'app.properties': 'db.host=localhost\n# comment\ndb.port = 5432\n',
  });

  it('turns each matched file into an item by the JSONPath and static fields', async () => {
    const { results } = await scrape(
      {
        file: [
          {
            type: 'Car',
            class: 'Vehicle',
            id: '$.reg_no',
            name: '$.make',
            health: '$.health',
            labels: { make: '$.make', fleet: 'none' },
            tags: { env: 'test' },
            paths: [`${dir}/cars/*.json`, `${dir}/cars/*.yaml`],
            ignore: ['skip.json'],
            transform: { exclude: [{ jsonpath: '$.owner' }], mask: [{ jsonpath: '$.vin', value: 'md5sum' }] },
          },
        ],
      },
      [dir],
    );
    expect(results[0]?.errors).toEqual([]);
    const items = results[0]?.items ?? [];
    expect(items.map((i) => [i.externalId, i.name, i.type, i.configClass, i.health])).toEqual([
      ['A-1', 'Audi', 'Car', 'Vehicle', 'healthy'],
      ['B-2', 'BMW', 'Car', 'Vehicle', 'unhealthy'],
    ]);
    expect(items[0]?.labels).toEqual({ make: 'Audi', fleet: 'none' });
    expect(items[0]?.tags).toEqual({ env: 'test' });
    expect(items[0]?.source).toBe(path.join(dir, 'cars/audi.json'));
    // owner excluded, vin masked with the digest config-db writes: md5 of the text itself
    expect(items[1]?.config).toEqual({
      reg_no: 'B-2',
      make: 'BMW',
      health: 'unhealthy',
      vin: createHash('md5').update('WBA456').digest('hex'),
    });
  });

  it('splits a document into items and parses properties files', async () => {
    const { results } = await scrape(
      {
        file: [
          { type: 'Car', id: '$.reg_no', items: '$.fleet', paths: [`${dir}/fleet.json`] },
          { type: 'App::Settings', id: 'app', paths: [`${dir}/*.properties`] },
        ],
      },
      [dir],
    );
    expect(results[0]?.items.map((i) => i.externalId)).toEqual(['F-1', 'F-2']);
    expect(results[1]?.items[0]?.config).toEqual({ 'db.host': 'localhost', 'db.port': '5432' });
  });

  it('reports a document without an id instead of inventing one', async () => {
    const { results } = await scrape({ file: [{ type: 'Note', id: '$.id', paths: [`${dir}/cars/notes.txt`] }] }, [dir]);
    expect(results[0]?.items).toEqual([]);
    expect(results[0]?.errors).toEqual([`file[0]: ${dir}/cars/notes.txt: no id defined (id $.id)`]);
  });

  it('reads nothing outside the allowed file roots', async () => {
    const other = folder({ 'x.json': { id: 'x' } });
    const { results } = await scrape({ file: [{ type: 'X', id: '$.id', paths: [`${other}/*.json`] }] }, [dir]);
    expect(results[0]?.items).toEqual([]);
    expect(results[0]?.errors[0]).toMatch(/is outside the directories this server allows \(OPSDECK_FILE_ROOTS/);
    const none = await scrape({ file: [{ type: 'X', id: '$.id', paths: [`${other}/*.json`] }] }, []);
    expect(none.results[0]?.errors[0]).toMatch(/reading local files is off on this server/);
  });
});

describe('sql scraper', () => {
  const pg = 'postgres://postgres@127.0.0.1:5432/postgres';
  const maria = 'mysql://root@127.0.0.1:3306/mysql';

  it('turns each PostgreSQL row into an item', async () => {
    const { results } = await scrape(
      {
        sql: [
          {
            type: 'Postgres::Row',
            id: '$.name',
            health: '$.health',
            connection: pg,
            query: "select * from (values ('a', 'healthy', 1), ('b', 'unhealthy', 2)) as t(name, health, n)",
          },
          {
            type: 'Postgres::Json',
            id: '$.id',
            connection: pg,
            query: "select json_build_object('id', 'j1', 'nested', json_build_object('k', 1)) as config",
          },
        ],
      },
      [],
    );
    expect(results[0]?.errors).toEqual([]);
    expect(results[0]?.items.map((i) => [i.externalId, i.health, i.config])).toEqual([
      ['a', 'healthy', { name: 'a', health: 'healthy', n: 1 }],
      ['b', 'unhealthy', { name: 'b', health: 'unhealthy', n: 2 }],
    ]);
    expect(results[1]?.items[0]?.config).toEqual({ id: 'j1', nested: { k: 1 } });
  });

  it("produces the one item config-db's sql fixture produces (items matching nothing keep the row)", async () => {
    // the shape of config-db's fixtures/sql.yaml: a literal id, items: .database, one JSON column
    const { results } = await scrape(
      {
        sql: [
          {
            type: 'Postgres::Database',
            id: 'incident_commander',
            items: '.database',
            connection: pg,
            query: `WITH settings AS (select json_object_agg(name, setting) as setting from pg_settings where name = 'port')
select json_build_object('version', version(), 'settings', s.setting) as database FROM settings as s`,
          },
        ],
      },
      [],
    );
    expect(results[0]?.errors).toEqual([]);
    expect(results[0]?.items).toHaveLength(1);
    const [item] = results[0]?.items ?? [];
    expect(item?.externalId).toBe('incident_commander');
    expect(item?.config).toMatchObject({ version: expect.stringContaining('PostgreSQL'), settings: { port: '5432' } });
  });

  it('reads MariaDB through a URL and through a Go-style DSN', async () => {
    const { results } = await scrape(
      {
        sql: [
          { type: 'MySQL::Row', id: '$.name', connection: maria, query: "select 'm1' as name, 7 as n" },
          {
            type: 'MySQL::Row',
            id: '$.name',
            connection: 'root@tcp(127.0.0.1:3306)/mysql',
            query: "select 'm2' as name, 'dsn' as via",
          },
          {
            type: 'MySQL::Row',
            id: '$.name',
            connection: 'mysql://root@tcp(127.0.0.1:3306)/mysql',
            query: "select 'm3' as name, 'scheme+dsn' as via",
          },
        ],
      },
      [],
    );
    expect(results.map((r) => r.errors)).toEqual([[], [], []]);
    expect(results[2]?.items[0]?.config).toEqual({ name: 'm3', via: 'scheme+dsn' });
    expect(results[0]?.items[0]?.config).toEqual({ name: 'm1', n: 7 });
    expect(results[1]?.items[0]?.config).toEqual({ name: 'm2', via: 'dsn' });
  });

  it('reports a database it cannot reach as the scraper error, without the password', async () => {
    const { results } = await scrape(
      {
        sql: [{ type: 'X', id: '$.id', connection: 'postgres://u:secret@127.0.0.1:1/x', query: 'select 1' }],
      },
      [],
    );
    expect(results[0]?.errors[0]).toMatch(/^sql\[0\]: postgres postgres:\/\/u:\*+@127\.0\.0\.1:1\/x: .*ECONNREFUSED/);
    expect(results[0]?.errors[0]).not.toContain('secret');
  });
});
