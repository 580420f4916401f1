import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkExpressionErrors, executeCheck } from '../../src/health/execute.js';
import { runnerContext } from './checks/runnerContext.js';

const dir = mkdtempSync(path.join(tmpdir(), 'opsdeck-execute-'));
chmodSync(dir, 0o1777); // scripts run as the sandbox user and write here
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ctx = (extra: Record<string, unknown> = {}) => ({ ...runnerContext(), ...extra });
const printJson = (v: unknown) => `echo '${JSON.stringify(v)}'`;

describe('executeCheck: validation', () => {
  it('refuses a type the engine does not support', async () => {
    const r = await executeCheck('github', { name: 'g' }, ctx());
    expect(r).toMatchObject({ pass: false, invalid: true, error: 'check type "github" is not supported' });
  });

  it('names the path of a wrong field and refuses unknown ones', async () => {
    const r = await executeCheck('http', { name: 'h', url: 'http://x', responseCodes: 200, colour: 'red' }, ctx());
    expect(r.invalid).toBe(true);
    expect(r.error).toContain('responseCodes: Invalid input: expected array, received number');
    expect(r.error).toContain('Unrecognized key: "colour"');
  });

  it('refuses an expression that sets two languages', async () => {
    const r = await executeCheck(
      'exec',
      { name: 'e', script: 'true', test: { javascript: 'true', expr: 'true' } },
      ctx(),
    );
    expect(r.error).toBe('invalid exec check: test: set only one of expr, template, jsonPath or javascript');
  });
});

describe('executeCheck: transform, then display, then test', () => {
  const base = { name: 'orders', script: printJson({ queued: 7 }) };

  it('runs javascript transform, display and test with the same variables as CEL', async () => {
    const r = await executeCheck(
      'exec',
      {
        ...base,
        transform: { javascript: '({ data: { queued: JSON.parse(stdout).queued } })' },
        display: { javascript: 'queued + " orders queued on " + check.name' },
        test: { javascript: 'queued < 10 && exitCode === 0' },
      },
      ctx(),
    );
    expect(r).toMatchObject({ pass: true, message: '7 orders queued on orders' });
    const failing = await executeCheck(
      'exec',
      { ...base, test: { javascript: 'JSON.parse(stdout).queued < 5' } },
      ctx(),
    );
    expect(failing.pass).toBe(false);
  });

  it('stops a javascript expression at its time limit, with no access to the host', async () => {
    const slow = await executeCheck('exec', { ...base, test: { javascript: 'while (true) {}' } }, ctx());
    expect(slow).toMatchObject({ pass: false, invalid: true });
    expect(slow.error).toMatch(/javascript "while \(true\) \{\}": took longer than 1000ms/);
    const host = await executeCheck(
      'exec',
      {
        ...base,
        display: { javascript: '[typeof require, typeof process, typeof fetch, typeof globalThis.Deno].join()' },
      },
      ctx(),
    );
    expect(host.message).toBe('undefined,undefined,undefined,undefined');
  });

  it('transform patches data, display renders it, test passes on it', async () => {
    const r = await executeCheck(
      'exec',
      {
        ...base,
        transform: { expr: '{"data": {"queued": stdout.JSON().queued}}' },
        display: { template: '{{ .queued }} orders queued on {{ .check.name }} in {{ .canary.name }}' },
        test: { expr: 'queued < 10' },
      },
      ctx({ canary: { name: 'shop', namespace: 'prod' } }),
    );
    expect(r).toMatchObject({ pass: true, message: '7 orders queued on orders in shop' });
    expect(r.data.queued).toBe(7);
  });

  it('a false test fails the check and keeps the display message', async () => {
    const r = await executeCheck(
      'exec',
      { ...base, display: { expr: '"queue: " + stdout' }, test: { expr: 'fromJSON(stdout).queued < 5' } },
      ctx(),
    );
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'queue: {"queued":7}' });
    expect(r.error).toBe('{"queued":7}'); // exec: the output explains the failure, as the reference does
  });

  it('a transform can mark the check failed with its own message', async () => {
    const r = await executeCheck(
      'exec',
      { ...base, transform: { expr: '{"pass": false, "message": "too many: " + string(fromJSON(stdout).queued)}' } },
      ctx(),
    );
    expect(r).toMatchObject({ pass: false, message: 'too many: 7' });
  });

  it('a transform with names creates new checks', async () => {
    const r = await executeCheck(
      'exec',
      {
        name: 'alerts',
        script: printJson([
          { n: 'disk', ok: true },
          { n: 'cpu', ok: false },
        ]),
        transform: { expr: 'fromJSON(stdout).map(a, {"name": a.n, "pass": a.ok, "message": a.n + " alert"})' },
      },
      ctx(),
    );
    expect(r.transformed).toEqual([
      expect.objectContaining({ name: 'disk', pass: true, message: 'disk alert' }),
      expect.objectContaining({ name: 'cpu', pass: false, message: 'cpu alert' }),
    ]);
  });

  it('a test that is not boolean makes the result invalid, naming the expression', async () => {
    const r = await executeCheck('exec', { ...base, test: { expr: 'stdout' } }, ctx());
    expect(r).toMatchObject({ pass: false, invalid: true });
    expect(r.error).toBe('test: cel "stdout": expected a boolean, got "{\\"queued\\":7}"');
  });

  it('an expression error is reported, not swallowed', async () => {
    const r = await executeCheck('exec', { ...base, display: { template: '{{ .stdout | shout }}' } }, ctx());
    expect(r.invalid).toBe(true);
    expect(r.error).toMatch(
      /^display: template "\{\{ \.stdout \| shout \}\}": template: template:1: function "shout" not defined/,
    );
  });

  it('outputs of earlier checks and custom metrics are available', async () => {
    const r = await executeCheck(
      'exec',
      {
        ...base,
        test: { expr: 'outputs.login.pass' },
        metrics: [
          { name: 'queued', type: 'gauge', value: 'fromJSON(stdout).queued', labels: [{ name: 'q', value: 'orders' }] },
        ],
      },
      ctx({ outputs: { login: { pass: true } } }),
    );
    expect(r.pass).toBe(true);
    expect(r.metrics).toContainEqual({ name: 'queued', type: 'gauge', value: 7, labels: { q: 'orders' } });
  });
});

describe('executeCheck: threshold, timeout and retries', () => {
  it('fails a run slower than thresholdMillis', async () => {
    const r = await executeCheck('exec', { name: 's', script: 'sleep 0.3', thresholdMillis: 100 }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/^took \d+ms, over the threshold of 100ms$/);
  });

  it('retries a failing check until it passes, reporting the attempts', async () => {
    const counter = path.join(dir, 'count');
    const script = `n=$(cat ${counter} 2>/dev/null || echo 0); n=$((n+1)); echo $n > ${counter}; [ $n -ge 3 ]`;
    const r = await executeCheck('exec', { name: 'r', script, retries: { maxRetries: 5, interval: '50ms' } }, ctx());
    expect(r).toMatchObject({ pass: true, attempts: 3 });
    expect(r.data.retries).toMatchObject({ attempts: 3, retries: 2, maxRetries: 5 });
  });

  it('gives up after maxRetries and keeps the last failure', async () => {
    const r = await executeCheck(
      'exec',
      { name: 'r', script: 'echo nope >&2; exit 1', retries: { maxRetries: 2, interval: '10ms' } },
      ctx(),
    );
    expect(r).toMatchObject({ pass: false, attempts: 3, error: 'nope' });
  });

  it('does not retry an invalid result, and canary-level retries apply when the check has none', async () => {
    const r = await executeCheck(
      'exec',
      { name: 'r', script: 'true', test: { expr: '"maybe"' } },
      ctx({ retries: { maxRetries: 3 } }),
    );
    expect(r).toMatchObject({ invalid: true, attempts: 1 });
    const c = await executeCheck(
      'exec',
      { name: 'r', script: 'exit 1' },
      ctx({ retries: { maxRetries: 1, interval: '1ms' } }),
    );
    expect(c.attempts).toBe(2);
  });
});

describe('checkExpressionErrors', () => {
  it('lists syntax errors by path, and nothing for valid expressions', () => {
    expect(
      checkExpressionErrors({
        name: 'x',
        test: { expr: 'code ==' },
        display: { template: '{{ if .x }}' },
        transform: { expr: 'json' },
        metrics: [{ name: 'm', type: 'gauge', value: '1 +' }],
      }),
    ).toEqual([
      'test: cel "code ==": syntax error: <input>:1:6: found = but expecting end of input',
      'display: template "{{ if .x }}": template: template:1: unexpected EOF',
      'metrics.0.value: cel "1 +": syntax error: <input>:1:3: found + but expecting end of input',
    ]);
    expect(checkExpressionErrors({ name: 'x', test: { expr: 'code == 200' } })).toEqual([]);
  });
});
