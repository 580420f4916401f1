import type { AppContext } from '../context.js';
import type { BackendContext } from './types.js';

/** What backends may read: OPSDECK_FILE_ROOTS (never the data directory) plus OpsDeck's own log file. */
export async function backendContext(ctx: AppContext): Promise<BackendContext> {
  const { config } = ctx;
  return {
    files: {
      fileRoots: config.sandbox.fileRoots,
      dataDir: config.dataDir,
      ownLog: config.logFile,
    },
  };
}
