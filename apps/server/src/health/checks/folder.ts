import { statfs } from 'node:fs/promises';
import { type FolderCheck, folderCheckSchema, parseDuration, sizeBytes } from '@opsdeck/schema';
import { humanSize } from '../../expr/index.js';
import { formatGoDuration } from '../../expr/values.js';
import { type FileEntry, listFiles } from './lib/files.js';
import { type CheckType, failure } from './types.js';

/**
 * Lists a local folder and tests what it holds, as the reference does: `filter` picks the files
 * (name regex, age, size, since), then minCount/maxCount, minAge (the newest file must be at least
 * that old), maxAge (the oldest must be at most that old), minSize (smallest), maxSize (largest),
 * availableSize/totalSize of the filesystem. `results` carries the files, newest, oldest,
 * smallest, largest and totals for expressions.
 */

function keep(spec: FolderCheck, now: Date): (f: FileEntry) => boolean {
  const f = spec.filter ?? {};
  const regex = f.regex ? new RegExp(f.regex) : undefined;
  const minAge = f.minAge ? parseDuration(f.minAge) : undefined;
  const maxAge = f.maxAge ? parseDuration(f.maxAge) : undefined;
  const minSize = f.minSize !== undefined ? sizeBytes(f.minSize) : undefined;
  const maxSize = f.maxSize !== undefined ? sizeBytes(f.maxSize) : undefined;
  const since = f.since ? new Date(f.since).getTime() : undefined;
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

function pick(files: FileEntry[], better: (a: FileEntry, b: FileEntry) => boolean): FileEntry | undefined {
  return files.reduce<FileEntry | undefined>((best, f) => (!best || better(f, best) ? f : best), undefined);
}

const age = (f: FileEntry, now: Date) => formatGoDuration(Math.max(0, now.getTime() - f.modified.getTime()));

/** The first rule the listing breaks, in the reference's order, or undefined. */
function firstViolation(spec: FolderCheck, r: ReturnType<typeof summarise>, now: Date): string | undefined {
  const n = r.files.length;
  if (spec.minCount !== undefined && n < spec.minCount) return `too few files: ${n} < ${spec.minCount}`;
  if (spec.maxCount !== undefined && n > spec.maxCount) return `too many files: ${n} > ${spec.maxCount}`;
  if (n > 0) {
    const [newest, oldest, smallest, largest] = [r.newest, r.oldest, r.smallest, r.largest] as FileEntry[] as [
      FileEntry,
      FileEntry,
      FileEntry,
      FileEntry,
    ];
    const minAge = spec.minAge ? (parseDuration(spec.minAge) as number) : undefined;
    const maxAge = spec.maxAge ? (parseDuration(spec.maxAge) as number) : undefined;
    if (minAge !== undefined && now.getTime() - newest.modified.getTime() < minAge) {
      return `${newest.name} is too new: ${age(newest, now)} < ${spec.minAge}`;
    }
    if (maxAge !== undefined && now.getTime() - oldest.modified.getTime() > maxAge) {
      return `${oldest.name} is too old: ${age(oldest, now)} > ${spec.maxAge}`;
    }
    if (spec.minSize !== undefined && smallest.size < sizeBytes(spec.minSize)) {
      return `${smallest.name} is too small: ${humanSize(smallest.size)} < ${spec.minSize}`;
    }
    if (spec.maxSize !== undefined && largest.size > sizeBytes(spec.maxSize)) {
      return `${largest.name} is too large: ${humanSize(largest.size)} > ${spec.maxSize}`;
    }
  }
  if (spec.availableSize !== undefined && r.availableSize < sizeBytes(spec.availableSize)) {
    return `available size too small: ${humanSize(r.availableSize)} < ${spec.availableSize}`;
  }
  if (spec.totalSize !== undefined && r.totalSize < sizeBytes(spec.totalSize)) {
    return `total size too small: ${humanSize(r.totalSize)} < ${spec.totalSize}`;
  }
  return undefined;
}

function summarise(files: FileEntry[], fs: { availableSize: number; totalSize: number }) {
  return {
    files,
    count: files.length,
    size: files.reduce((s, f) => s + f.size, 0),
    newest: pick(files, (a, b) => a.modified > b.modified),
    oldest: pick(files, (a, b) => a.modified < b.modified),
    smallest: pick(files, (a, b) => a.size < b.size),
    largest: pick(files, (a, b) => a.size > b.size),
    ...fs,
  };
}

export const folderCheck: CheckType<FolderCheck> = {
  type: 'folder',
  schema: folderCheckSchema,
  defaultTimeoutMs: 60_000,
  endpoint: (spec) => spec.path,
  async run(spec, ctx) {
    const now = ctx.now();
    let files: FileEntry[];
    try {
      files = (await listFiles(spec.path, spec.recursive ?? false)).filter(keep(spec, now));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return failure(new Error(`folder ${spec.path} does not exist`));
      if (code === 'EACCES') return failure(new Error(`folder ${spec.path}: permission denied`));
      return failure(err);
    }
    let fsInfo = { availableSize: 0, totalSize: 0 };
    if (spec.availableSize !== undefined || spec.totalSize !== undefined) {
      const base = spec.path.split(/[*?[]/, 1)[0] || '/';
      const st = await statfs(base);
      fsInfo = { availableSize: st.bavail * st.bsize, totalSize: st.blocks * st.bsize };
    }
    const results = summarise(files, fsInfo);
    const violation = firstViolation(spec, results, now);
    const data = { results };
    if (violation) return { pass: false, error: violation, message: violation, data };
    return { pass: true, message: `${results.count} files, ${humanSize(results.size)}`, data };
  },
};
