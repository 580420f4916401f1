import { createHash, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from '../../../integrations/files.js';
import { allowedPath, type FileAccess, FileAccessError } from '../../../sandbox/fileRoots.js';

/**
 * An exec check's `artifacts`: the files its script left, kept with the result and downloadable
 * from the check's history (GET /api/artifacts/download/:id). A relative path or glob is read in
 * the script's directory (always allowed); an absolute one only under OPSDECK_FILE_ROOTS, like a
 * folder check. Symlinks are never followed, and what is kept is bounded: each file at most
 * MAX_ARTIFACT_BYTES, a run at most MAX_RUN_ARTIFACT_BYTES and MAX_ARTIFACT_FILES files; what
 * does not fit is listed with the reason instead of its content.
 */

export const MAX_ARTIFACT_BYTES = 1024 * 1024;
export const MAX_RUN_ARTIFACT_BYTES = 5 * 1024 * 1024;
export const MAX_ARTIFACT_FILES = 20;

/** A kept file, stored by the result writer in check_artifacts. */
export interface CollectedArtifact {
  id: string;
  path: string;
  filename: string;
  size: number;
  contentType: string;
  checksum: string;
  content: Buffer;
}

/** What the result's detail says of each artifact (the content goes to check_artifacts). */
export interface ArtifactNote {
  id?: string;
  path: string;
  size?: number;
  contentType?: string;
  /** Why it was not kept. */
  error?: string;
}

const TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.csv': 'text/csv',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.zip': 'application/zip',
};

function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Reads one regular file without following a symlink, refusing it when over `limit` bytes. */
async function readBounded(file: string, limit: number): Promise<Buffer | string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ELOOP' ? 'a symlink, not followed' : `cannot be read (${code ?? 'error'})`;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) return 'not a regular file';
    if (st.size > limit) return `${st.size} bytes, over the limit of ${limit} bytes`;
    const buf = Buffer.alloc(st.size);
    const { bytesRead } = await handle.read(buf, 0, st.size, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The files `patterns` name, read within the limits; `workDir` is where the script ran. */
export async function collectArtifacts(
  patterns: ReadonlyArray<{ path: string }>,
  workDir: string,
  access: FileAccess,
): Promise<{ kept: CollectedArtifact[]; notes: ArtifactNote[] }> {
  const kept: CollectedArtifact[] = [];
  const notes: ArtifactNote[] = [];
  let total = 0;
  let overLimit = 0; // counted, not listed: a glob over a checkout may match thousands of files
  for (const { path: pattern } of patterns) {
    const absolute = path.isAbsolute(pattern);
    const root = absolute ? pattern : path.join(workDir, pattern);
    const rootAccess: FileAccess = absolute ? access : { fileRoots: [workDir], dataDir: access.dataDir };
    let files: string[];
    try {
      files = (await listFiles(root, false, rootAccess)).map((f) => f.path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // a plain file path (not a directory or glob) is listed as itself
      if (code === 'ENOTDIR') files = [await allowedPath(root, rootAccess)];
      else {
        const why =
          err instanceof FileAccessError
            ? absolute
              ? err.message
              : "leads outside the script's directory (symlinks are not followed out of it)"
            : code === 'ENOENT'
              ? 'no such file'
              : String(err);
        notes.push({ path: pattern, error: why });
        continue;
      }
    }
    if (!files.length) notes.push({ path: pattern, error: 'no file matched' });
    for (const file of files.sort()) {
      const shown = absolute ? file : path.relative(workDir, file);
      if (kept.length >= MAX_ARTIFACT_FILES) {
        overLimit++;
        continue;
      }
      const content = await readBounded(file, Math.min(MAX_ARTIFACT_BYTES, MAX_RUN_ARTIFACT_BYTES - total));
      if (typeof content === 'string') {
        notes.push({ path: shown, error: content });
        continue;
      }
      total += content.length;
      const artifact: CollectedArtifact = {
        id: randomUUID(),
        path: shown,
        filename: path.basename(file),
        size: content.length,
        contentType: contentTypeOf(file),
        checksum: createHash('sha256').update(content).digest('hex'),
        content,
      };
      kept.push(artifact);
      notes.push({ id: artifact.id, path: shown, size: artifact.size, contentType: artifact.contentType });
    }
  }
  if (overLimit) {
    notes.push({ path: `${overLimit} more file(s)`, error: `over the limit of ${MAX_ARTIFACT_FILES} files per run` });
  }
  return { kept, notes };
}
