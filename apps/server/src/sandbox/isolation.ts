import { spawnSync } from 'node:child_process';
import { runningAsRoot } from './user.js';

/**
 * How a sandboxed process is contained so that every descendant dies with it. As root, each run
 * gets its own PID namespace (`unshare --pid --fork --kill-child --mount-proc`, util-linux): when
 * the run's first process ends or is killed, the kernel kills everything left in the namespace,
 * `setsid` and double-forked children included, and the run sees only its own processes in /proc.
 * Otherwise only the run's process group is killed, which a `setsid` child escapes.
 */

export type Isolation = { kind: 'pid-namespace' } | { kind: 'process-group'; reason: string };

const UNSHARE = ['--pid', '--fork', '--kill-child', '--mount-proc'];

let probed: Isolation | undefined;

/** Probed once per process: can this server give a run its own PID namespace? */
export function processIsolation(): Isolation {
  if (probed) return probed;
  if (!runningAsRoot()) {
    probed = { kind: 'process-group', reason: 'OpsDeck is not running as root, so it cannot create PID namespaces' };
    return probed;
  }
  const r = spawnSync('unshare', [...UNSHARE, 'true'], { stdio: 'ignore', timeout: 5000 });
  probed =
    r.status === 0
      ? { kind: 'pid-namespace' }
      : {
          kind: 'process-group',
          reason: r.error
            ? `unshare (util-linux) is not available: ${r.error.message}`
            : `unshare --pid failed (exit ${r.status}): the container may lack CAP_SYS_ADMIN`,
        };
  return probed;
}

/** The argv that runs `file args` as `uid:gid` in a PID namespace of its own. */
export function inPidNamespace(file: string, args: readonly string[], id: { uid: number; gid: number }): string[] {
  // -S/-G switch user after the namespace is made, clearing supplementary groups
  return [...UNSHARE, '-S', String(id.uid), '-G', String(id.gid), '--', file, ...args];
}
