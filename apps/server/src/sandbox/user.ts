import { readFileSync } from 'node:fs';

/** The uid/gid a sandboxed process switches to. */
export interface SandboxIdentity {
  uid: number;
  gid: number;
}

/** nobody/nogroup on Debian, Ubuntu, Alpine and RHEL. */
const NOBODY: SandboxIdentity = { uid: 65534, gid: 65534 };

export const runningAsRoot = (): boolean => process.getuid?.() === 0;

function fromPasswd(name: string): SandboxIdentity | undefined {
  let text: string;
  try {
    text = readFileSync('/etc/passwd', 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

const resolved = new Map<string, SandboxIdentity>();

/**
 * The identity `user` (a name, `uid` or `uid:gid`) stands for, or undefined when the server is
 * not root: an unprivileged server cannot switch users, so scripts run as the server's own user.
 * Throws when a named user does not exist (nobody falls back to 65534).
 */
export function sandboxIdentity(user: string): SandboxIdentity | undefined {
  if (!runningAsRoot()) return undefined;
  const known = resolved.get(user);
  if (known) return known;
  let id: SandboxIdentity | undefined;
  const numeric = /^(\d+)(?::(\d+))?$/.exec(user);
  if (numeric) id = { uid: Number(numeric[1]), gid: Number(numeric[2] ?? numeric[1]) };
  else id = fromPasswd(user) ?? (user === 'nobody' ? NOBODY : undefined);
  if (!id) throw new Error(`sandbox user "${user}" does not exist: create it or set OPSDECK_SANDBOX_USER`);
  if (id.uid === 0) throw new Error('OPSDECK_SANDBOX_USER must not be root');
  resolved.set(user, id); // one entry per configured user
  return id;
}
