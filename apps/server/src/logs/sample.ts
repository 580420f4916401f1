import type { AppContext } from '../context.js';
import { RESTRICTED_LABEL } from '../rbac/logBackends.js';

/** The sample log backend's name; the sample topology's API component points its log selector at it. */
export const SAMPLE_LOG_BACKEND = 'opsdeck';

/**
 * The sample log backend of a fresh embedded database: a `file` backend over OpsDeck's own log
 * (and its rotated copies), so /logs shows real lines on day one. Created with the sample canary
 * (OPSDECK_SAMPLE_DATA) when OpsDeck writes a log file (OPSDECK_LOG_FILE is not `off`). Restricted:
 * only admins read it unless a permission row hands it on.
 */
export async function createSampleLogBackend(ctx: AppContext): Promise<void> {
  const file = ctx.config.logFile;
  if (!file) return;
  await ctx.db.kysely
    .insertInto('logging_backends')
    .values({
      name: SAMPLE_LOG_BACKEND,
      // OpsDeck's own log: admins only unless a permission row grants it (rbac/logBackends.ts)
      labels: JSON.stringify({ app: 'opsdeck', sample: 'true', [RESTRICTED_LABEL]: 'true' }),
      spec: JSON.stringify({ file: [{ path: [file], labels: { app: 'opsdeck' } }] }),
      source: 'System',
    } as never)
    .execute();
}
