// `npm test`: lint, typecheck, unit + API tests, then the browser tests against the production
// build. Stops at the first failing stage and ends with one line 'N passed, N failed'.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, cmd, args, opts = {}) {
  console.log(`\n== ${title}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  console.log(`== ${title}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return res.status === 0;
}

/**
 * Runs commands at once (two cores: lint and the typecheck of the server beside the rest), each
 * one's output printed whole when it ends so nothing interleaves. Answers whether all passed.
 */
async function runTogether(title, commands) {
  console.log(`\n== ${title}`);
  const started = Date.now();
  const results = await Promise.all(
    commands.map(
      ([cmd, ...args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (c) => {
            out += c;
          });
          child.stderr.on('data', (c) => {
            out += c;
          });
          child.on('close', (code) => {
            process.stdout.write(out);
            resolve(code === 0);
          });
        }),
    ),
  );
  const ok = results.every(Boolean);
  console.log(`== ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

const tsc = (project) => ['npx', 'tsc', '-p', project, '--noEmit'];

function count(report) {
  if (!existsSync(report)) return;
  const r = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function vitest(title, args, report) {
  const ok = run(title, 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
    ...args,
  ]);
  count(report);
  return ok;
}

const ok =
  (await runTogether('lint and typecheck', [
    ['npm', 'run', '--silent', 'lint'],
    tsc('apps/server'),
    ['sh', '-c', ['packages/schema', 'apps/web', 'e2e', 'bench'].map((p) => tsc(p).join(' ')).join(' && ')],
  ])) &&
  vitest('unit and API tests', [], path.join(tmp, 'unit.json')) &&
  run('build web app', 'npm', ['run', '--silent', 'build']) &&
  vitest('browser tests', ['--config', 'e2e/vitest.config.ts'], path.join(tmp, 'e2e.json'));

if (!ok && totals.failed === 0) totals.failed = 1; // a failed lint/typecheck/build stage counts as a failure
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
