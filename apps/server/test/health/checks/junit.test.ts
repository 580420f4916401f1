import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { runnerContext } from './runnerContext.js';

const root = mkdtempSync(path.join(tmpdir(), 'opsdeck-junit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const ctx = () => runnerContext({}, 10_000, { fileRoots: [root] });

function report(dir: string, name: string, xml: string): string {
  mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, dir, name), xml);
  return path.join(root, dir);
}

const passing = `<?xml version="1.0"?>
<testsuites>
  <testsuite name="checkout" tests="3" time="1.5">
    <testcase classname="cart" name="adds items" time="0.5"/>
    <testcase classname="cart" name="removes items" time="0.5"/>
    <testcase classname="cart" name="applies coupons" time="0.5"><skipped message="flaky"/></testcase>
  </testsuite>
</testsuites>`;
const failing = `<testsuite name="payments" tests="2">
  <testcase classname="card" name="charges" time="0.2"><failure message="expected 200, got 502">stack</failure></testcase>
  <testcase classname="card" name="refunds" time="0.1"><error message="timeout"/></testcase>
</testsuite>`;

describe('junit check on a results directory', () => {
  it('passes when no test failed, with totals for expressions', async () => {
    const dir = report('ok', 'results.xml', passing);
    const r = await executeCheck(
      'junit',
      { name: 'e2e', testResults: dir, test: { expr: 'results.passed == 2 && results.skipped == 1' } },
      ctx(),
    );
    expect(r).toMatchObject({ pass: true, message: '2 passed, 0 failed, 0 errors, 1 skipped' });
    expect(r.data.results).toMatchObject({ total: 3, duration: 1.5 });
  });

  it('fails when a test failed or errored, naming them', async () => {
    report('mixed', 'a.xml', passing);
    const dir = report('mixed/nested', 'b.xml', failing);
    const r = await executeCheck('junit', { name: 'e2e', testResults: path.dirname(dir) }, ctx());
    expect(r.pass).toBe(false);
    expect(r.message).toBe('2 passed, 1 failed, 1 errors, 1 skipped');
    expect(r.error).toBe(
      '2 passed, 1 failed, 1 errors, 1 skipped; card.charges: expected 200, got 502; card.refunds: timeout',
    );
  });

  it('fails clearly on a missing directory, an empty one, or a file that is not JUnit', async () => {
    const missing = await executeCheck('junit', { name: 'j', testResults: path.join(root, 'none') }, ctx());
    expect(missing.error).toBe(`test results directory ${path.join(root, 'none')} does not exist`);
    mkdirSync(path.join(root, 'empty'));
    const empty = await executeCheck('junit', { name: 'j', testResults: path.join(root, 'empty') }, ctx());
    expect(empty.error).toBe(`no JUnit XML files in ${path.join(root, 'empty')}`);
    const dir = report('bad', 'x.xml', '<html><body>not junit</body></html>');
    const bad = await executeCheck('junit', { name: 'j', testResults: dir }, ctx());
    expect(bad.error).toBe(`${path.join(dir, 'x.xml')}: no <testsuite> element`);
  });

  it('refuses running a pod', async () => {
    const r = await executeCheck('junit', { name: 'j', testResults: root, spec: { containers: [] } }, ctx());
    expect(r.error).toBe(
      'invalid junit check: spec: running a pod is not supported; point testResults at a directory of JUnit XML files',
    );
  });
});
