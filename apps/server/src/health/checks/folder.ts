import { statfs } from 'node:fs/promises';
import { type FolderCheck, folderCheckSchema, sizeBytes } from '@opsdeck/schema';
import { humanSize } from '../../expr/index.js';
import { type FileEntry, listFiles } from '../../integrations/files.js';
import { allowedPath, FileAccessError } from '../../sandbox/fileRoots.js';
import { fileFilter, fileTestViolation, summariseFiles } from './lib/fileSet.js';
import { type CheckType, failure, refused } from './types.js';

/**
 * Lists a local folder and tests what it holds, as canary-checker does: `filter` picks the files
 * (name regex, age, size, since), then minCount/maxCount, minAge (the newest file must be at least
 * that old), maxAge (the oldest must be at most that old), minSize (smallest), maxSize (largest),
 * availableSize/totalSize of the filesystem. `results` carries the files, newest, oldest,
 * smallest, largest and totals for expressions. On the server only folders under
 * OPSDECK_FILE_ROOTS are read; `opsdeck run` reads what its user can (sandbox/fileRoots.ts).
 */

/** The filesystem rules only a local folder has: free and total space. */
function filesystemViolation(spec: FolderCheck, fs: { availableSize: number; totalSize: number }): string | undefined {
  if (spec.availableSize !== undefined && fs.availableSize < sizeBytes(spec.availableSize)) {
    return `available size too small: ${humanSize(fs.availableSize)} < ${spec.availableSize}`;
  }
  if (spec.totalSize !== undefined && fs.totalSize < sizeBytes(spec.totalSize)) {
    return `total size too small: ${humanSize(fs.totalSize)} < ${spec.totalSize}`;
  }
  return undefined;
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
      files = (await listFiles(spec.path, spec.recursive ?? false, ctx.sandbox)).filter(
        fileFilter(spec, now, ctx.previousResult),
      );
    } catch (err) {
      if (err instanceof FileAccessError) return refused(`folder ${err.message}`);
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return failure(new Error(`folder ${spec.path} does not exist`));
      if (code === 'EACCES') return failure(new Error(`folder ${spec.path}: permission denied`));
      return failure(err);
    }
    let fsInfo = { availableSize: 0, totalSize: 0 };
    if (spec.availableSize !== undefined || spec.totalSize !== undefined) {
      const base = await allowedPath(spec.path.split(/[*?[]/, 1)[0] || '/', ctx.sandbox);
      const st = await statfs(base);
      fsInfo = { availableSize: st.bavail * st.bsize, totalSize: st.blocks * st.bsize };
    }
    const results = { ...summariseFiles(files), ...fsInfo };
    const violation = fileTestViolation(spec, files, now) ?? filesystemViolation(spec, fsInfo);
    const data = { results };
    if (violation) return { pass: false, error: violation, message: violation, data };
    return { pass: true, message: `${results.count} files, ${humanSize(results.size)}`, data };
  },
};
