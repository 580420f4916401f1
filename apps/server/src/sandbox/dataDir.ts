import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * Makes the data directory (embedded database, secret.key) private to the server's user: mode
 * 0700, so the sandbox user scripts run as cannot list or read it. Refuses a shared directory
 * such as /tmp (sticky bit) rather than locking everyone else out of it.
 */
export function ensurePrivateDataDir(dir: string): void {
  if (dir.startsWith('memory://')) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = statSync(dir);
  if (st.mode & 0o1000) {
    throw new Error(`OPSDECK_DATA_DIR ${dir} is a shared directory (sticky bit): use a directory of its own`);
  }
  const me = process.getuid?.();
  if ((st.mode & 0o077) !== 0 && (st.uid === me || me === 0)) chmodSync(dir, 0o700);
}
