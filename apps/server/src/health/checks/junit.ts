import { type JunitCheck, junitCheckSchema } from '@opsdeck/schema';
import { listFiles } from '../../integrations/files.js';
import { FileAccessError, readAllowedFile } from '../../sandbox/fileRoots.js';
import { type JunitSuite, parseJunit } from './lib/junit-xml.js';
import { type CheckType, failure, refused } from './types.js';

/**
 * Reads every `*.xml` JUnit report under `testResults` (recursively) and passes when no test
 * failed or errored. `results` has the totals (`passed`, `failed`, `skipped`, `error`, `total`,
 * `duration`) and the `suites` with their tests; the message reads like canary-checker's summary.
 * Only directories under OPSDECK_FILE_ROOTS are read, each file through the allow-list too.
 */

const MAX_FAILURES_SHOWN = 5;

export const junitCheck: CheckType<JunitCheck> = {
  type: 'junit',
  schema: junitCheckSchema,
  defaultTimeoutMs: 5 * 60_000,
  timeoutMs: (spec) => (spec.timeout !== undefined ? spec.timeout * 60_000 : undefined),
  endpoint: (spec) => spec.testResults,
  async run(spec, ctx) {
    let suites: JunitSuite[];
    try {
      const listed = await listFiles(spec.testResults, true, ctx.sandbox);
      const files = listed.filter((f) => f.name.toLowerCase().endsWith('.xml'));
      if (files.length === 0) return failure(new Error(`no JUnit XML files in ${spec.testResults}`));
      suites = [];
      for (const f of files) suites.push(...parseJunit(await readAllowedFile(f.path, ctx.sandbox), f.path));
    } catch (err) {
      if (err instanceof FileAccessError) return refused(`junit ${err.message}`);
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return failure(new Error(`test results directory ${spec.testResults} does not exist`));
      return failure(err);
    }
    const sum = (k: 'passed' | 'failed' | 'skipped' | 'error' | 'duration') => suites.reduce((n, s) => n + s[k], 0);
    const results = {
      passed: sum('passed'),
      failed: sum('failed'),
      skipped: sum('skipped'),
      error: sum('error'),
      duration: Math.round(sum('duration') * 1000) / 1000,
      total: suites.reduce((n, s) => n + s.tests.length, 0),
      suites,
    };
    const summary = `${results.passed} passed, ${results.failed} failed, ${results.error} errors, ${results.skipped} skipped`;
    const data = { results, ...results };
    if (results.failed + results.error === 0) return { pass: true, message: summary, data };
    const failing = suites
      .flatMap((s) => s.tests)
      .filter((t) => t.status === 'failed' || t.status === 'error')
      .slice(0, MAX_FAILURES_SHOWN)
      .map((t) => `${t.classname ? `${t.classname}.` : ''}${t.name}${t.message ? `: ${t.message}` : ''}`);
    const error = `${summary}; ${failing.join('; ')}`;
    return { pass: false, message: summary, error, data };
  },
};
