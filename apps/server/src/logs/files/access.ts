import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { allowedPath } from '../../sandbox/fileRoots.js';
import type { BackendContext } from '../types.js';

/** `app.log` → `app.log.1`, `app.log.2.gz`, `app.log-20260101`, `app.log.2026-01-01.gz` (logrotate's names). */
export function rotatedOf(base: string): RegExp {
  const esc = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${esc}(?:[.-][0-9][0-9T._-]*)?(?:\\.gz)?$`);
}

const realOr = (p: string) => realpath(p).catch(() => path.resolve(p));

/**
 * The real path of a log file the file backend may read: under OPSDECK_FILE_ROOTS (the one
 * allow-list, which refuses the data directory), or OpsDeck's own log file and its rotated
 * copies (so the demo backend works without opening anything else of the data directory).
 */
export async function readableLogPath(p: string, ctx: BackendContext): Promise<string> {
  const own = ctx.files.ownLog;
  if (own) {
    const real = await realOr(p);
    const ownDir = await realOr(path.dirname(own));
    if (path.dirname(real) === ownDir && rotatedOf(path.basename(own)).test(path.basename(real))) return real;
  }
  return allowedPath(p, ctx.files);
}
