import { describe, expect, it } from 'vitest';
import { parseScrapeConfigFile, validateScrapeConfig } from '../../src/catalog/scrapeConfigYaml.js';
import { ResourceFileError, ResourceValidationError } from '../../src/resourceYaml.js';

function issues(doc: unknown): string[] {
  try {
    validateScrapeConfig(doc);
    return [];
  } catch (err) {
    if (err instanceof ResourceValidationError) return err.issues.map((i) => `${i.path}: ${i.message}`);
    throw err;
  }
}

const scrapeConfig = (spec: Record<string, unknown>) => ({
  apiVersion: 'configs.flanksource.com/v1',
  kind: 'ScrapeConfig',
  metadata: { name: 'cars' },
  spec,
});

describe('ScrapeConfig validation', () => {
  it('accepts a reference file scraper unchanged', () => {
    const [config] = parseScrapeConfigFile(
      `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: file-car
spec:
  schedule: "@every 5m"
  full: true
  retention:
    changes:
      - name: diff
        age: 7d
        count: 100
    staleItemAge: 24h
  file:
    - type: Car
      id: $.reg_no
      name: $.reg_no
      class: Vehicle
      health: $.health
      items: $.cars
      format: json
      createFields: [$.created]
      labels:
        make: $.make
      tags:
        env: prod
      paths:
        - fixtures/data/car*.json
      ignore:
        - "**/skip.json"
      transform:
        exclude:
          - jsonpath: $.owner
        mask:
          - selector: config_type == 'Car'
            jsonpath: $.vin
            value: md5sum
        changes:
          exclude:
            - change_type == 'diff' && summary == 'status'
          mapping:
            - filter: change.change_type == 'Sold'
              type: Ownership
              action: move-up
`,
      'file-car.yaml',
    );
    expect(config?.metadata.name).toBe('file-car');
    expect(config?.spec.file).toHaveLength(1);
  });

  it('names the path of every problem', () => {
    expect(
      issues(
        scrapeConfig({
          schedule: '@every 5 minutes',
          file: [
            {
              type: 'Car',
              health: 'sick',
              format: 'xml',
              tags: { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' },
              paths: [],
              typo: true,
            },
          ],
          sql: [{ type: 'Row', connection: 'postgres://x', driver: 'oracle' }],
          retention: { changes: [{ name: 'diff' }], staleItemAge: 'soon' },
        }),
      ),
    ).toEqual([
      "spec.schedule: '@every 5 minutes': expected @every followed by a duration such as 30s, 5m or 1h30m",
      'spec.retention.changes[0]: set age, count or both',
      "spec.retention.staleItemAge: expected a duration such as 24h or 7d, or 'keep'",
      'spec.file[0].health: expected a JSONPath ($...) or one of healthy, unhealthy, warning, unknown',
      'spec.file[0].format: expected json, yaml or properties',
      'spec.file[0].tags: at most 5 tags per item',
      'spec.file[0].paths: paths is required',
      'spec.file[0].typo: unknown field',
      'spec.sql[0].driver: unknown sql driver oracle (use postgres, mysql or sqlserver)',
      'spec.sql[0].query: query is required',
    ]);
  });

  it('refuses scraper types that are not built yet, naming the type', () => {
    expect(issues(scrapeConfig({ aws: [{ region: ['eu-west-1'] }] }))).toEqual([
      'spec.aws: scraper type aws is not supported yet',
      'spec: a ScrapeConfig needs at least one scraper (file, sql, exec, http, kubernetes)',
    ]);
    expect(issues(scrapeConfig({ file: [{ type: 'x', paths: ['/a'] }], gcp: [{ project: 'p' }] }))).toEqual([
      'spec.gcp: scraper type gcp is not supported yet',
    ]);
  });

  it('validates the required fields of exec, http and kubernetes scrapers', () => {
    expect(issues(scrapeConfig({ exec: [{ type: 'x' }], http: [{ type: 'y' }], kubernetes: [{}] }))).toEqual([
      'spec.exec[0].script: script is required',
      'spec.http[0].url: url or connection is required',
      'spec.kubernetes[0].clusterName: clusterName is required',
    ]);
    expect(
      issues(
        scrapeConfig({
          exec: [{ type: 'x', script: 'true', setup: { bun: '1' }, checkout: { url: 'u', destination: '../x' } }],
        }),
      ),
    ).toEqual([
      'spec.exec[0].checkout.destination: destination must be a relative path inside the working directory',
      'spec.exec[0].setup: setup (installing bun or python packages) is not supported yet; use what the server has',
    ]);
  });

  it('reports transform expressions that do not parse, and accepts javascript', () => {
    const found = issues(
      scrapeConfig({
        file: [
          {
            type: 'x',
            paths: ['/a'],
            transform: { javascript: 'JSON.stringify([config])', changes: { exclude: ['change_type ==='] } },
          },
        ],
      }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^spec\.file\[0\]\.transform\.changes\.exclude\[0\]: /);
    const two = issues(
      scrapeConfig({ file: [{ type: 'x', paths: ['/a'], transform: { expr: 'config', javascript: 'x' } }] }),
    );
    expect(two).toEqual(['spec.file[0].transform: set only one of expr, gotemplate or javascript']);
    const cel = issues(scrapeConfig({ file: [{ type: 'x', paths: ['/a'], transform: { expr: 'config.(' } }] }));
    expect(cel).toHaveLength(1);
    expect(cel[0]).toMatch(/^spec\.file\[0\]\.transform\.expr: /);
    const js = issues(scrapeConfig({ file: [{ type: 'x', paths: ['/a'], transform: { javascript: 'let = ;' } }] }));
    expect(js).toHaveLength(1);
    expect(js[0]).toMatch(/^spec\.file\[0\]\.transform\.javascript: .*syntax error/);
  });

  it('fails a whole file on one bad document, naming the document', () => {
    const good = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata: {name: ok}
spec:
  file: [{type: x, paths: [/a]}]`;
    expect(() =>
      parseScrapeConfigFile(`${good}\n---\n${good.replace('kind: ScrapeConfig', 'kind: Canary')}`, 's.yaml'),
    ).toThrow(ResourceFileError);
    try {
      parseScrapeConfigFile(`${good}\n---\n${good.replace('kind: ScrapeConfig', 'kind: Canary')}`, 's.yaml');
    } catch (err) {
      expect((err as ResourceFileError).problems).toEqual(['s.yaml (document 2): kind: expected ScrapeConfig']);
    }
  });
});
