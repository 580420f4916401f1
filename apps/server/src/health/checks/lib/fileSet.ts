import { dateMathProblem, type FileTests, parseDuration, resolveDateMath, sizeBytes } from '@opsdeck/schema';
import { humanSize, renderTemplate, withExpressionContext } from '../../../expr/index.js';
import { formatGoDuration } from '../../../expr/values.js';
import type { FileEntry } from '../../../integrations/files.js';
import type { CheckOutcome } from '../types.js';

/**
 * The folder check's tests over any listing (S3 objects, SFTP entries): `filter` picks the files,
 * then the first broken rule among count, age and size fails the check. `results` carries the
 * files, newest, oldest, smallest, largest, count and total size for expressions.
 */

/**
 * The predicate of `tests.filter`: name regex, age, size and since. Templated `regex` and
 * `since` see `last_result()`, the check's previous result (`previous`), so a filter can pick
 * the files that arrived since the last run.
 */
export function fileFilter(tests: FileTests, now: Date, previous?: Record<string, unknown>): (f: FileEntry) => boolean {
  const f = tests.filter ?? {};
  const rendered = (value: string) =>
    value.includes('{{')
      ? withExpressionContext({ lastResult: previous ?? {} }, () => renderTemplate(value, {})).trim()
      : value;
  const regex = f.regex ? filterRegex(rendered(f.regex)) : undefined;
  const minAge = f.minAge ? parseDuration(f.minAge) : undefined;
  const maxAge = f.maxAge ? parseDuration(f.maxAge) : undefined;
  const minSize = f.minSize !== undefined ? sizeBytes(f.minSize) : undefined;
  const maxSize = f.maxSize !== undefined ? sizeBytes(f.maxSize) : undefined;
  const since = f.since ? filterSince(rendered(f.since), now) : undefined;
  return (file) => {
    const age = now.getTime() - file.modified.getTime();
    if (maxAge !== undefined && age > maxAge) return false;
    if (minAge !== undefined && age < minAge) return false;
    if (minSize !== undefined && file.size < minSize) return false;
    if (maxSize !== undefined && file.size > maxSize) return false;
    if (regex && !regex.test(file.name)) return false;
    if (since !== undefined && file.modified.getTime() < since) return false;
    return true;
  };
}

function filterRegex(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch {
    throw new Error(`filter.regex '${source}': invalid regular expression`);
  }
}

/** `filter.since` as epoch ms: an RFC 3339 time or date math (`now-60d`). */
function filterSince(text: string, now: Date): number {
  const at = resolveDateMath(text, now);
  if (!at) throw new Error(`filter.since ${dateMathProblem(text)}`);
  return at.getTime();
}

function pick(files: FileEntry[], better: (a: FileEntry, b: FileEntry) => boolean): FileEntry | undefined {
  return files.reduce<FileEntry | undefined>((best, f) => (!best || better(f, best) ? f : best), undefined);
}

/** What expressions see as `results` for a file listing. */
export function summariseFiles(files: FileEntry[]) {
  return {
    files,
    count: files.length,
    size: files.reduce((s, f) => s + f.size, 0),
    newest: pick(files, (a, b) => a.modified > b.modified),
    oldest: pick(files, (a, b) => a.modified < b.modified),
    smallest: pick(files, (a, b) => a.size < b.size),
    largest: pick(files, (a, b) => a.size > b.size),
  };
}

const age = (f: FileEntry, now: Date) => formatGoDuration(Math.max(0, now.getTime() - f.modified.getTime()));

/** The first rule the listing breaks, in canary-checker's order, or undefined. */
export function fileTestViolation(tests: FileTests, files: FileEntry[], now: Date): string | undefined {
  const r = summariseFiles(files);
  const n = r.count;
  if (tests.minCount !== undefined && n < tests.minCount) return `too few files: ${n} < ${tests.minCount}`;
  if (tests.maxCount !== undefined && n > tests.maxCount) return `too many files: ${n} > ${tests.maxCount}`;
  if (!r.newest || !r.oldest || !r.smallest || !r.largest) return undefined;
  const minAge = tests.minAge ? parseDuration(tests.minAge) : undefined;
  const maxAge = tests.maxAge ? parseDuration(tests.maxAge) : undefined;
  if (minAge !== undefined && now.getTime() - r.newest.modified.getTime() < minAge) {
    return `${r.newest.name} is too new: ${age(r.newest, now)} < ${tests.minAge}`;
  }
  if (maxAge !== undefined && now.getTime() - r.oldest.modified.getTime() > maxAge) {
    return `${r.oldest.name} is too old: ${age(r.oldest, now)} > ${tests.maxAge}`;
  }
  if (tests.minSize !== undefined && r.smallest.size < sizeBytes(tests.minSize)) {
    return `${r.smallest.name} is too small: ${humanSize(r.smallest.size)} < ${tests.minSize}`;
  }
  if (tests.maxSize !== undefined && r.largest.size > sizeBytes(tests.maxSize)) {
    return `${r.largest.name} is too large: ${humanSize(r.largest.size)} > ${tests.maxSize}`;
  }
  return undefined;
}

/** Filters a listing with `tests.filter`, applies the tests and builds the outcome. */
export function fileSetOutcome(
  tests: FileTests,
  listing: FileEntry[],
  now: Date,
  previous?: Record<string, unknown>,
): CheckOutcome {
  const files = listing.filter(fileFilter(tests, now, previous));
  const results = summariseFiles(files);
  const data = { results };
  const metrics = [{ name: 'files', value: results.count }];
  const violation = fileTestViolation(tests, files, now);
  if (violation) return { pass: false, error: violation, message: violation, data, metrics };
  return { pass: true, message: `${results.count} files, ${humanSize(results.size)}`, data, metrics };
}
