import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { cliOnEmbeddedDb, CLI_TIMEOUT as SLOW } from '../helpers/cli.js';

const { dir, dataDir, opsdeck } = cliOnEmbeddedDb('opsdeck-cli');

const canary = (name: string, checks: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
spec:
  schedule: "@every 1m"
  postgres:
${checks}`;

const passing = canary(
  'db-pass',
  `    - name: select-one
      url: postgres://postgres@127.0.0.1:5432/test
      query: select 1`,
);
const failing = canary(
  'db-fail',
  `    - name: closed-port
      url: postgres://postgres@127.0.0.1:1/test
      query: select 1`,
);

beforeAll(() => {
  writeFileSync(path.join(dir, 'pass.yaml'), passing);
  writeFileSync(path.join(dir, 'fail.yaml'), failing);
  writeFileSync(path.join(dir, 'bad.yaml'), passing.replace('query: select 1', 'query: select 1\n      querry: typo'));
});

describe('opsdeck run', { timeout: SLOW }, () => {
  it('prints PASS lines and exits 0 when every check passes', async () => {
    const { code, stdout } = await opsdeck(['run', path.join(dir, 'pass.yaml')]);
    expect(stdout).toMatch(/^PASS {2}db-pass\/select-one {2}\(postgres\) {2}\d+ms/m);
    expect(code).toBe(0);
  });

  it('prints a FAIL line with the reason and exits 1 when a check fails', async () => {
    const { code, stdout } = await opsdeck(['run', path.join(dir, 'pass.yaml'), path.join(dir, 'fail.yaml')]);
    expect(stdout).toMatch(/^PASS {2}db-pass\/select-one/m);
    expect(stdout).toMatch(/^FAIL {2}db-fail\/closed-port {2}\(postgres\) {2}\d+ms {2}.*ECONNREFUSED/m);
    expect(code).toBe(1);
  });

  it("runs a folder check over the user's own files with no OPSDECK_FILE_ROOTS set", async () => {
    mkdirSync(path.join(dir, 'reports'), { recursive: true });
    writeFileSync(path.join(dir, 'reports', 'a.txt'), 'a');
    writeFileSync(
      path.join(dir, 'folder.yaml'),
      `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: local-folder
spec:
  folder:
    - name: reports
      path: ${dir}/reports
      minCount: 1`,
    );
    const { code, stdout } = await opsdeck(['run', path.join(dir, 'folder.yaml')], { OPSDECK_FILE_ROOTS: '' });
    expect(stdout).toMatch(/^PASS {2}local-folder\/reports {2}\(folder\)/m);
    expect(stdout).not.toContain('reading local files is off');
    expect(code).toBe(0);
  });

  it('prints JSON results with --json', async () => {
    const { code, stdout } = await opsdeck(['run', '--json', path.join(dir, 'fail.yaml')]);
    expect(code).toBe(1);
    const lines = JSON.parse(stdout);
    expect(lines).toEqual([
      {
        canary: 'db-fail',
        name: 'closed-port',
        type: 'postgres',
        pass: false,
        message: expect.any(String),
        error: expect.stringContaining('ECONNREFUSED'),
        duration: expect.any(Number),
      },
    ]);
  });

  it('prints one junit line for a canary in result mode junit', async () => {
    const both = canary('db-suite', `${passing.split('postgres:\n')[1]}\n${failing.split('postgres:\n')[1]}`);
    writeFileSync(path.join(dir, 'suite.yaml'), both.replace('spec:\n', 'spec:\n  resultMode: junit\n'));
    const { code, stdout } = await opsdeck(['run', path.join(dir, 'suite.yaml')]);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stdout).toMatch(
      /^FAIL {2}db-suite\/db-suite {2}\(junit\) {2}\d+ms {2}1 passed, 1 failed; postgres\/closed-port: /m,
    );
    expect(code).toBe(1);
  });

  it('exits 2 and names the field for an invalid canary, and for a missing file', async () => {
    const bad = await opsdeck(['run', path.join(dir, 'bad.yaml')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.yaml: spec.postgres[0].querry: unknown field');
    const missing = await opsdeck(['run', path.join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
  });
});

describe('a schedule OpsDeck cannot parse', { timeout: SLOW }, () => {
  const unparsable = passing.replace('"@every 1m"', '"@every fortnight"');
  beforeAll(() => writeFileSync(path.join(dir, 'odd-schedule.yaml'), unparsable));

  it('is a warning for opsdeck run, which still runs the canary once', async () => {
    const { code, stdout, stderr } = await opsdeck(['run', path.join(dir, 'odd-schedule.yaml')]);
    expect(stderr).toContain('warning: ');
    expect(stderr).toContain("odd-schedule.yaml: spec.schedule: '@every fortnight'");
    expect(stdout).toMatch(/^PASS {2}db-pass\/select-one/m);
    expect(code).toBe(0);
  });

  it('still refuses the file for opsdeck apply, naming the path', async () => {
    const { code, stdout, stderr } = await opsdeck(['apply', '-f', path.join(dir, 'odd-schedule.yaml')]);
    expect(code).toBe(2);
    expect(stderr).toContain("spec.schedule: '@every fortnight'");
    expect(stdout).not.toContain('created');
  });
});

describe('opsdeck apply', { timeout: SLOW }, () => {
  it('stores canaries from files, updates them on re-apply and refuses invalid files without storing', async () => {
    const first = await opsdeck(['apply', '-f', path.join(dir, 'pass.yaml'), '-f', path.join(dir, 'fail.yaml')]);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('canary default/db-pass created');
    expect(first.code).toBe(0);
    const again = await opsdeck(['apply', '-f', path.join(dir, 'pass.yaml')]);
    expect(again.stdout).toContain('canary default/db-pass unchanged');
    const bad = await opsdeck(['apply', '-f', path.join(dir, 'pass.yaml'), '-f', path.join(dir, 'bad.yaml')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('spec.postgres[0].querry: unknown field');

    const db = await openDatabase({ dataDir });
    try {
      const rows = await db.kysely
        .selectFrom('canaries')
        .select(['name', 'source'])
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .execute();
      expect(rows).toEqual([
        { name: 'db-fail', source: 'ConfigFile' },
        { name: 'db-pass', source: 'ConfigFile' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('refuses exec canaries when OPSDECK_EXEC=off, storing nothing', async () => {
    const file = path.join(dir, 'exec.yaml');
    writeFileSync(
      file,
      'apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: script\nspec:\n  exec:\n    - name: hi\n      script: echo hi\n',
    );
    const off = await opsdeck(['apply', '-f', file], { OPSDECK_EXEC: 'off' });
    expect(off.code).toBe(2);
    expect(off.stderr).toContain(
      'Canary default/script: exec checks are turned off on this server (OPSDECK_EXEC=off); remove the exec checks',
    );
  });
});
