import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { seedEmbeddedDataDir } from './db.js';
import { OPSDECK_BIN } from './opsdeckBin.js';

/** Each invocation starts the CLI: seconds apiece, more on a loaded machine. */
export const CLI_TIMEOUT = 180_000;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A temporary directory (removed after the file's tests) and `opsdeck` running the real CLI with
 * its embedded database in `<dir>/db` (already migrated, as after a first start), whatever database
 * the tests themselves use. `env` adds to or overrides the CLI's environment for one call.
 */
export function cliOnEmbeddedDb(prefix: string): {
  dir: string;
  dataDir: string;
  opsdeck(args: string[], env?: Record<string, string>): Promise<CliResult>;
} {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const dataDir = path.join(dir, 'db');
  beforeAll(() => seedEmbeddedDataDir(dataDir), CLI_TIMEOUT);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const opsdeck = (args: string[], env: Record<string, string> = {}) =>
    new Promise<CliResult>((resolve) => {
      execFile(
        process.execPath,
        [OPSDECK_BIN, ...args],
        {
          env: { ...process.env, LOG_LEVEL: 'silent', OPSDECK_DATA_DIR: dataDir, DATABASE_URL: '', ...env },
          timeout: CLI_TIMEOUT,
        },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  return { dir, dataDir, opsdeck };
}
