import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { runnerContext } from './runnerContext.js';

const root = mkdtempSync(path.join(tmpdir(), 'opsdeck-folder-'));
const now = new Date('2026-01-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const ctx = () => ({ ...runnerContext({}, 10_000, { fileRoots: [root] }), now: () => now });

function file(rel: string, bytes: number, modified: Date): void {
  const full = path.join(root, rel);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'x'.repeat(bytes));
  utimesSync(full, modified, modified);
}

beforeAll(() => {
  file('backups/db-1.sql.gz', 2048, hoursAgo(50));
  file('backups/db-2.sql.gz', 4096, hoursAgo(26));
  file('backups/db-3.sql.gz', 8192, hoursAgo(2));
  file('backups/notes.txt', 10, hoursAgo(1));
  file('backups/old/db-0.sql.gz', 1024, hoursAgo(24 * 30));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const folder = (fields: Record<string, unknown>) =>
  executeCheck('folder', { name: 'backups', path: path.join(root, 'backups'), ...fields }, ctx());

describe('folder check on a local directory', () => {
  it('counts the files matching the filter and exposes newest/oldest to expressions', async () => {
    const r = await folder({
      filter: { regex: '\\.sql\\.gz$' },
      minCount: 3,
      maxAge: '3d',
      test: { expr: 'results.newest.name == "db-3.sql.gz" && results.count == 3' },
      display: { template: '{{ .results.count }} backups, newest {{ .results.newest.name }}' },
    });
    expect(r).toMatchObject({ pass: true, message: '3 backups, newest db-3.sql.gz' });
  });

  it('reads date math in filter.since, relative to the run time', async () => {
    const since = async (value: string) =>
      (await folder({ filter: { since: value }, test: { expr: 'true' }, display: { expr: 'string(results.count)' } }))
        .message;
    expect(await since('now-30h')).toBe('3'); // db-2, db-3, notes
    expect(await since('now-60d')).toBe('4');
    expect(await since('now-1d/d')).toBe('3'); // from 2026-01-09T00:00Z: db-1 (01-08T10:00Z) is out
    expect(await since('now/d')).toBe('2');
    expect(await since('2026-01-09T09:00:00Z')).toBe('3');
    expect(await since('2026-01-09||+9h')).toBe('3');
  });

  it('renders templated filter values before applying them', async () => {
    const r = await folder({
      filter: { regex: '^{{ strings.ToLower "DB" }}-[0-9]', since: 'now-{{ math.Add 24 6 }}h' },
      display: { template: '{{ .results.count }}' },
    });
    expect(r).toMatchObject({ pass: true, message: '2' });
  });

  it('sees last_result() in templated filters: only the files since the previous run count', async () => {
    const previous = {
      status: true,
      time: hoursAgo(3),
      message: '',
      error: '',
      results: {},
      invalid: false,
      duration: 1,
    };
    const spec = {
      name: 'backups',
      path: path.join(root, 'backups'),
      filter: { since: '{{ with last_result }}{{ .time }}{{ else }}now-60d{{ end }}' },
      display: { template: '{{ .results.count }}' },
    };
    // first run: no previous result, every file of the last 60 days
    const first = await executeCheck('folder', spec, { ...ctx(), lastResult: async () => undefined });
    expect(first).toMatchObject({ pass: true, message: '4' });
    // later run: the files modified after the previous run (db-3 two hours ago, notes one hour ago)
    const next = await executeCheck('folder', spec, { ...ctx(), lastResult: async () => previous });
    expect(next).toMatchObject({ pass: true, message: '2' });
  });

  it('refuses a since that is neither a time nor date math, and fails a template that renders to neither', async () => {
    const bad = await folder({ filter: { since: 'yesterday' } });
    expect(bad.pass).toBe(false);
    expect(bad.error).toContain("filter.since: 'yesterday': expected an RFC 3339 time or date math");
    const rendered = await folder({ filter: { since: '{{ "last week" }}' } });
    expect(rendered.pass).toBe(false);
    expect(rendered.error).toContain("filter.since 'last week': expected an RFC 3339 time or date math");
  });

  it('fails when too few files match', async () => {
    const r = await folder({ filter: { regex: '\\.sql\\.gz$', maxAge: '1d' }, minCount: 2 });
    expect(r).toMatchObject({ pass: false, error: 'too few files: 1 < 2' });
  });

  it('fails when too many files match', async () => {
    const r = await folder({ maxCount: 3 });
    expect(r.error).toBe('too many files: 4 > 3');
  });

  it('fails when the newest file is younger than minAge', async () => {
    const r = await folder({ minAge: '6h' });
    expect(r.error).toBe('notes.txt is too new: 1h0m0s < 6h');
  });

  it('fails when the oldest file is older than maxAge', async () => {
    const r = await folder({ filter: { regex: 'db-' }, maxAge: '48h' });
    expect(r.error).toBe('db-1.sql.gz is too old: 50h0m0s > 48h');
  });

  it('checks the smallest and largest sizes', async () => {
    expect((await folder({ filter: { regex: 'sql' }, minSize: '2Ki' })).pass).toBe(true);
    expect((await folder({ minSize: '1Ki' })).error).toBe('notes.txt is too small: 10B < 1Ki');
    expect((await folder({ maxSize: '4Ki' })).error).toBe('db-3.sql.gz is too large: 8KiB > 4Ki');
  });

  it('recurses into subfolders only when asked, and supports globs', async () => {
    expect((await folder({ recursive: true, minCount: 5 })).pass).toBe(true);
    const glob = await executeCheck(
      'folder',
      { name: 'g', path: path.join(root, '**/*.sql.gz'), minCount: 4, maxCount: 4 },
      ctx(),
    );
    expect(glob.pass).toBe(true);
  });

  it('checks free space on the filesystem', async () => {
    expect((await folder({ availableSize: '1Ki' })).pass).toBe(true);
    expect((await folder({ availableSize: '1000000Ti' })).error).toMatch(/^available size too small: .* < 1000000Ti$/);
  });

  it('fails clearly when the folder does not exist', async () => {
    const r = await executeCheck('folder', { name: 'x', path: path.join(root, 'missing') }, ctx());
    expect(r.error).toBe(`folder ${path.join(root, 'missing')} does not exist`);
  });

  it('refuses remote folders and bad durations at validation', async () => {
    const remote = await folder({ sftpConnection: { host: 'x' } });
    expect(remote.error).toBe(
      'invalid folder check: sftpConnection: only local folders are supported; use the s3 or sftp check types for remote storage',
    );
    const bad = await folder({ maxAge: 'yesterday' });
    expect(bad.error).toBe('invalid folder check: maxAge: expected a duration such as 500ms, 30s, 1m30s, 2h or 7d');
  });
});
