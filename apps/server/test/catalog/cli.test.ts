import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { cliOnEmbeddedDb, CLI_TIMEOUT as SLOW } from '../helpers/cli.js';
import { writeFiles } from './helpers.js';

const cli = cliOnEmbeddedDb('opsdeck-catalog-cli');
const dir = cli.dir;
// no OPSDECK_FILE_ROOTS: the CLI reads what the person running it can read
const opsdeck = (args: string[], env: Record<string, string> = {}) =>
  cli.opsdeck(args, { OPSDECK_FILE_ROOTS: '', ...env });

const scrapeConfig = (name: string, scrapers: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
${scrapers}`;

beforeAll(() => {
  writeFiles(dir, {
    'data/audi.json': { reg_no: 'A-1', make: 'Audi', health: 'healthy', state: 'parked' },
    'data/bmw.json': { reg_no: 'B-2', make: 'BMW', health: 'warning', state: 'driving' },
    'cars.yaml': scrapeConfig(
      'cars',
      `  file:
    - type: Car
      class: Vehicle
      id: $.reg_no
      name: $.make
      health: $.health
      status: $.state
      paths: ["${dir}/data/*.json"]`,
    ),
    'broken-db.yaml': scrapeConfig(
      'broken-db',
      `  sql:
    - type: Row
      id: $.id
      connection: postgres://postgres@127.0.0.1:1/x
      query: select 1 as id`,
    ),
    'cluster.yaml': scrapeConfig('cluster', '  aws:\n    - region: [eu-west-1]'),
    'both.yaml': `${scrapeConfig('cars', '  file:\n    - {type: Car, id: $.reg_no, paths: [/srv/*.json]}')}
---
apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: db
spec:
  postgres:
    - name: select-one
      url: postgres://postgres@127.0.0.1:5432/postgres
      query: select 1`,
  });
});

describe('opsdeck scrape', { timeout: SLOW }, () => {
  it('prints one line per item and exits 0', async () => {
    const { code, stdout, stderr } = await opsdeck(['scrape', path.join(dir, 'cars.yaml')]);
    expect(stderr).toBe('');
    expect(stdout.trim().split('\n')).toEqual([
      'ITEM  cars  Car  A-1  Audi  health=healthy status=parked',
      'ITEM  cars  Car  B-2  BMW  health=warning status=driving',
    ]);
    expect(code).toBe(0);
  });

  it('prints the items as JSON with --json', async () => {
    const { code, stdout } = await opsdeck(['scrape', '--json', path.join(dir, 'cars.yaml')]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      {
        scraper: 'cars',
        id: 'A-1',
        name: 'Audi',
        type: 'Car',
        class: 'Vehicle',
        health: 'healthy',
        status: 'parked',
        config: { reg_no: 'A-1', make: 'Audi', health: 'healthy', state: 'parked' },
        changes: [],
      },
      expect.objectContaining({ id: 'B-2', health: 'warning' }),
    ]);
  });

  it(
    'prints the changes a full scrape reports with each item, mapped',
    async () => {
      writeFiles(dir, {
        'full/car.json': {
          config: { reg_no: 'F-1', make: 'Fiat' },
          changes: [{ external_id: 'F-1', external_change_id: 'c1', change_type: 'Service', summary: 'oil changed' }],
        },
        'full.yaml': scrapeConfig(
          'garage',
          `  full: true
  file:
    - type: Car
      id: $.reg_no
      paths: ["${dir}/full/*.json"]
      transform:
        changes:
          mapping: [{filter: "change_type == 'Service'", type: Maintenance}]`,
        ),
      });
      const { code, stdout } = await opsdeck(['scrape', '--json', path.join(dir, 'full.yaml')]);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual([
        expect.objectContaining({
          id: 'F-1',
          config: { reg_no: 'F-1', make: 'Fiat' },
          changes: [
            expect.objectContaining({ external_change_id: 'c1', change_type: 'Maintenance', summary: 'oil changed' }),
          ],
        }),
      ]);
    },
    SLOW,
  );

  it('exits 1 when a scraper fails, still printing what the others found', async () => {
    const { code, stdout, stderr } = await opsdeck([
      'scrape',
      path.join(dir, 'cars.yaml'),
      path.join(dir, 'broken-db.yaml'),
    ]);
    expect(stdout).toContain('ITEM  cars  Car  A-1');
    expect(stderr).toMatch(/^ERROR {2}broken-db\/sql\[0\]: postgres .*ECONNREFUSED/m);
    expect(code).toBe(1);
  });

  it("reads the user's own files whatever OPSDECK_FILE_ROOTS says (a server setting)", async () => {
    const { code, stdout, stderr } = await opsdeck(['scrape', path.join(dir, 'cars.yaml')], {
      OPSDECK_FILE_ROOTS: '/nowhere',
    });
    expect(stderr).not.toContain('OPSDECK_FILE_ROOTS');
    expect(stdout).toContain('ITEM  cars  Car  A-1');
    expect(code).toBe(0);
  });

  it('exits 2 and names the path for an invalid ScrapeConfig', async () => {
    const bad = await opsdeck(['scrape', path.join(dir, 'cluster.yaml')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('cluster.yaml: spec.aws: scraper type aws is not supported yet');
  });

  it('exits 2 for a file it cannot read', async () => {
    const missing = await opsdeck(['scrape', path.join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
  });
});

describe('opsdeck apply with a ScrapeConfig', { timeout: SLOW }, () => {
  it('stores the scraper next to the canary of the same file, and updates it on re-apply', async () => {
    const first = await opsdeck(['apply', '-f', path.join(dir, 'both.yaml')]);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('scrapeconfig default/cars created');
    expect(first.stdout).toContain('canary default/db created');
    expect(first.code).toBe(0);
    const again = await opsdeck(['apply', '-f', path.join(dir, 'cars.yaml')]);
    expect(again.stdout).toContain('scrapeconfig default/cars updated');
    const bad = await opsdeck(['apply', '-f', path.join(dir, 'cluster.yaml')]);
    expect(bad.code).toBe(2);

    const db = await openDatabase({ dataDir: cli.dataDir });
    try {
      const rows = await db.kysely
        .selectFrom('config_scrapers')
        .select(['name', 'source', 'spec'])
        .where('deleted_at', 'is', null)
        .execute();
      expect(rows).toEqual([
        {
          name: 'cars',
          source: 'ConfigFile',
          spec: expect.objectContaining({ file: [expect.objectContaining({ class: 'Vehicle' })] }),
        },
      ]);
    } finally {
      await db.close();
    }
  });
});
