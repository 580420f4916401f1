import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { executeCheck } from '../../../src/health/execute.js';
import { runnerContext } from './runnerContext.js';

/** Folder and junit checks read only under OPSDECK_FILE_ROOTS, after resolving `..` and symlinks. */

const base = mkdtempSync(path.join(tmpdir(), 'opsdeck-roots-'));
const allowed = path.join(base, 'allowed');
const outside = path.join(base, 'outside');
const dataDir = path.join(allowed, 'data');
const junitXml = '<testsuite name="s" tests="1"><testcase name="t"/></testsuite>';

beforeAll(() => {
  mkdirSync(path.join(allowed, 'reports'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(allowed, 'reports', 'ok.xml'), junitXml);
  writeFileSync(path.join(outside, 'secret.xml'), junitXml);
  writeFileSync(path.join(dataDir, 'secret.key'), 'key');
  symlinkSync(outside, path.join(allowed, 'escape')); // a directory symlink pointing out
  mkdirSync(path.join(allowed, 'linked'));
  symlinkSync(path.join(outside, 'secret.xml'), path.join(allowed, 'linked', 'report.xml')); // a file symlink
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const ctx = (fileRoots: string[]) => runnerContext({}, 10_000, { fileRoots, dataDir });
const folder = (p: string, roots = [allowed]) => executeCheck('folder', { name: 'f', path: p }, ctx(roots));
const junit = (p: string, roots = [allowed]) => executeCheck('junit', { name: 'j', testResults: p }, ctx(roots));

describe('file roots', () => {
  it('reads a folder under an allowed root', async () => {
    const r = await folder(path.join(allowed, 'reports'));
    expect(r).toMatchObject({ pass: true, message: '1 files, 62B' });
    const glob = await folder(`${allowed}/**/*.xml`);
    // the symlinked directory is not followed; a symlinked file is listed (lstat), never read
    const paths = (glob.data.results as { files: Array<{ path: string }> }).files.map((f) => f.path).sort();
    expect(paths).toEqual([`${allowed}/linked/report.xml`, `${allowed}/reports/ok.xml`]);
  });

  it('refuses local folders when no root is allowed, naming OPSDECK_FILE_ROOTS', async () => {
    const r = await folder(path.join(allowed, 'reports'), []);
    expect(r).toMatchObject({ pass: false, invalid: true });
    expect(r.error).toBe(
      `folder ${allowed}/reports: reading local files is off on this server; an administrator allows directories with OPSDECK_FILE_ROOTS (comma-separated absolute paths)`,
    );
  });

  it('refuses a folder outside the roots, also through .. and symlinks', async () => {
    for (const p of [
      outside,
      '/etc',
      `${allowed}/../outside`,
      path.join(allowed, 'escape'),
      `${allowed}/escape/*.xml`,
    ]) {
      const r = await folder(p);
      expect(r, p).toMatchObject({ pass: false, invalid: true });
      expect(r.error, p).toContain('is outside the directories this server allows (OPSDECK_FILE_ROOTS');
    }
  });

  it('never reads the data directory, even under a root', async () => {
    const r = await folder(dataDir);
    expect(r.error).toBe(`folder ${dataDir} is in OpsDeck's data directory, which checks may never read`);
    const listing = await folder(allowed, [allowed]);
    expect(listing.pass).toBe(true);
    const all = await executeCheck('folder', { name: 'f', path: allowed, recursive: true }, ctx([allowed]));
    const names = (all.data.results as { files: Array<{ name: string }> }).files.map((f) => f.name);
    expect(names).not.toContain('secret.key');
  });

  it('keeps "does not exist" for a missing folder under a root, without saying so outside', async () => {
    expect((await folder(path.join(allowed, 'missing'))).error).toBe(`folder ${allowed}/missing does not exist`);
    expect((await folder(path.join(outside, 'missing'))).error).toContain('is outside the directories');
  });

  it('reads junit reports under a root and refuses a report symlinked from outside', async () => {
    expect(await junit(path.join(allowed, 'reports'))).toMatchObject({ pass: true });
    const linked = await junit(path.join(allowed, 'linked'));
    expect(linked).toMatchObject({ pass: false, invalid: true });
    expect(linked.error).toContain('report.xml is outside the directories this server allows');
    expect((await junit(outside)).error).toContain('is outside the directories');
  });

  it('takes the roots from OPSDECK_FILE_ROOTS and refuses relative ones', () => {
    expect(loadConfig({ OPSDECK_FILE_ROOTS: '/srv/backups, /var/log/app' }).sandbox.fileRoots).toEqual([
      '/srv/backups',
      '/var/log/app',
    ]);
    expect(loadConfig({}).sandbox).toEqual({ exec: 'admin', user: 'nobody', fileRoots: [] });
    expect(() => loadConfig({ OPSDECK_FILE_ROOTS: 'backups' })).toThrow('backups is not an absolute path');
    expect(() => loadConfig({ OPSDECK_EXEC: 'viewer' })).toThrow('OPSDECK_EXEC');
  });
});
