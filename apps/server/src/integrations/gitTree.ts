import path from 'node:path';
import { type GitSession, runGit } from './git.js';

/**
 * Reading and changing files of a commit through git's object store only (gitops actions). The
 * clone has no working tree files (`--no-checkout`), so nothing is ever written through a path on
 * disk: a symlink committed in the repository cannot lead a write, a read or an ownership change
 * out of it, no `.gitattributes` filter or hook runs (blobs are hashed from stdin, the commit is
 * made with `write-tree` and `commit-tree`), and a path under `.git/` is refused before git sees it.
 */

/** A file a spec names, checked: relative, inside the tree, never `.git`, as forward-slash segments. */
export function treePath(raw: string): string {
  const rel = raw.replace(/\\/g, '/').replace(/^\.\//, '');
  if (!rel || rel.startsWith('/')) throw new Error(`${raw}: give a path relative to the repository`);
  const parts = path.posix.normalize(rel).split('/');
  if (parts[0] === '..' || parts.some((p) => p === '' || p === '.' || p === '..'))
    throw new Error(`${raw}: the path leaves the repository`);
  if (rel.split('/').includes('..')) throw new Error(`${raw}: the path leaves the repository`);
  // git's own directory, in any case and with the trailing dots and spaces some filesystems drop
  if (parts.some((p) => /^\.git[. ]*$/i.test(p) || /^git~\d+$/i.test(p)))
    throw new Error(`${raw}: files under .git/ cannot be written`);
  return parts.join('/');
}

/** What is at a path of the commit. */
type Entry = { kind: 'missing' } | { kind: 'file'; mode: string; sha: string } | { kind: 'other'; what: string };

const MODES: Record<string, string> = { '120000': 'a symlink', '160000': 'a submodule', '040000': 'a directory' };

/** The entries of `paths` in `rev`, refusing a path that goes through a symlink, a file or a submodule. */
async function entries(session: GitSession, repo: string, rev: string, paths: string[]): Promise<Map<string, Entry>> {
  const prefixes = new Set<string>();
  for (const p of paths) {
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) prefixes.add(parts.slice(0, i).join('/'));
  }
  const all = [...prefixes, ...paths];
  // one type per line: tree, blob (a file or a symlink), commit (a submodule) or missing
  const types = (
    await runGit(session, repo, ['cat-file', '--batch-check=%(objecttype)'], {
      input: all.map((p) => `${rev}:${p}\n`).join(''),
    })
  )
    .split('\n')
    .map((l) => (l.endsWith(' missing') ? 'missing' : l.trim()));
  const typeOf = new Map(all.map((p, i) => [p, types[i] ?? 'missing']));
  for (const p of prefixes) {
    const t = typeOf.get(p);
    if (t !== 'tree' && t !== 'missing')
      throw new Error(`${p} is not a directory in the repository (a symlink, a file or a submodule): refused`);
  }
  const existing = paths.filter((p) => typeOf.get(p) !== 'missing');
  const out = new Map<string, Entry>(paths.map((p) => [p, { kind: 'missing' }]));
  if (!existing.length) return out;
  const listed = await runGit(session, repo, ['ls-tree', '-z', rev, '--', ...existing]);
  for (const line of listed.split('\0').filter(Boolean)) {
    const m = /^(\d+) \w+ ([0-9a-f]+)\t(.*)$/s.exec(line);
    if (!m) continue;
    const [, mode = '', sha = '', p = ''] = m;
    out.set(p, mode.startsWith('100') ? { kind: 'file', mode, sha } : { kind: 'other', what: MODES[mode] ?? mode });
  }
  for (const p of existing) {
    if (typeOf.get(p) === 'tree') out.set(p, { kind: 'other', what: 'a directory' });
  }
  return out;
}

/** The changes of one commit: `content` null deletes the file. */
export interface TreeChange {
  path: string;
  content: string | null;
}

/** A work tree-less clone to read files of `rev` from and commit changes on. */
export class GitTree {
  private known = new Map<string, Entry>();

  constructor(
    private readonly session: GitSession,
    private readonly repo: string,
    private readonly rev = 'HEAD',
  ) {}

  /** Checks `paths` (no symlink, submodule or directory on the way or at the end) before reading or writing them. */
  async check(paths: string[]): Promise<void> {
    const found = await entries(this.session, this.repo, this.rev, paths);
    for (const [p, e] of found) {
      if (e.kind === 'other') throw new Error(`${p} is ${e.what} in the repository: only regular files are changed`);
      this.known.set(p, e);
    }
  }

  /** The text of a checked file; throws when the repository has no such file. */
  async read(p: string): Promise<string> {
    const e = this.known.get(p);
    if (!e) throw new Error(`${p}: not checked`);
    if (e.kind !== 'file') throw new Error('no such file in the repository');
    return runGit(this.session, this.repo, ['cat-file', 'blob', e.sha], { maxOutputBytes: 16 * 1024 * 1024 });
  }

  /**
   * Commits `changes` (checked paths) on top of `rev` as `author <email>` and answers the new
   * commit, or undefined when the tree did not change.
   */
  async commit(changes: TreeChange[], message: string, author: string, email: string): Promise<string | undefined> {
    const g = (args: string[], input?: string) =>
      runGit(this.session, this.repo, args, input === undefined ? {} : { input });
    await g(['read-tree', this.rev]);
    const lines: string[] = [];
    for (const c of changes) {
      const e = this.known.get(c.path);
      if (!e) throw new Error(`${c.path}: not checked`);
      if (c.content === null) {
        if (e.kind === 'file') lines.push(`0 ${'0'.repeat(40)}\t${c.path}`);
        continue;
      }
      const sha = (await g(['hash-object', '-w', '--stdin'], c.content)).trim();
      lines.push(`${e.kind === 'file' ? e.mode : '100644'} ${sha}\t${c.path}`);
    }
    if (lines.length) await g(['update-index', '--index-info'], `${lines.join('\n')}\n`);
    const tree = (await g(['write-tree'])).trim();
    const before = (await g(['rev-parse', `${this.rev}^{tree}`])).trim();
    if (tree === before) return undefined;
    const ident = ['-c', `user.name=${author}`, '-c', `user.email=${email}`];
    return (await g([...ident, 'commit-tree', tree, '-p', this.rev, '-m', message])).trim();
  }
}
