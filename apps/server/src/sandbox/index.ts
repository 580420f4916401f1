import type { SandboxConfig } from './config.js';
import { processIsolation } from './isolation.js';
import { runningAsRoot, sandboxIdentity } from './user.js';

export type { ExecMode, SandboxConfig, SandboxPolicy } from './config.js';
export { DEFAULT_SANDBOX, sandboxPolicy } from './config.js';
export { ensurePrivateDataDir } from './dataDir.js';
export { EXEC_OFF, execWriteRefusal, hasExecChecks } from './execPolicy.js';
export { allowedPath, FileAccessError, readAllowedFile } from './fileRoots.js';
export { type Isolation, processIsolation } from './isolation.js';
export { runSandboxed, type SandboxResult, type SandboxRun, withSandboxDir } from './run.js';

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Says once, at start, how code runs on this server, and warns when it cannot be isolated. */
export function logSandbox(config: SandboxConfig, log: Logger): void {
  const fileRoots = config.fileRoots.length ? config.fileRoots : 'none (OPSDECK_FILE_ROOTS)';
  if (config.exec === 'off') {
    log.info({ exec: 'off', fileRoots }, 'exec checks are off');
    return;
  }
  const isolation = processIsolation();
  if (isolation.kind === 'process-group') {
    log.warn(
      { isolation: isolation.kind, reason: isolation.reason },
      'sandboxed runs are killed by process group only: a child that calls setsid can outlive its check or action',
    );
  }
  if (!runningAsRoot()) {
    log.warn(
      { exec: config.exec, fileRoots, uid: process.getuid?.() },
      'OpsDeck is not running as root, so exec checks run as its own user and can read what it reads (the data directory too): run OpsDeck as root with OPSDECK_SANDBOX_USER, in a container, or set OPSDECK_EXEC=off',
    );
    return;
  }
  try {
    const id = sandboxIdentity(config.user);
    log.info({ exec: config.exec, sandboxUser: config.user, ...id, fileRoots }, 'exec checks run as the sandbox user');
  } catch (err) {
    log.error({ err }, 'exec checks cannot run');
  }
}
