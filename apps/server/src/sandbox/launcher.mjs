// The sandbox launcher: a small long-lived Node process (builtins only, no loader) that starts
// sandboxed processes for the server (sandbox/launcher.ts), so the server does not fork its own
// large process for every script. It spawns exactly what the server asks (file, argv, cwd, env,
// uid/gid, its own process group) and relays output, capped, and the exit over its stdout. A
// run that asks for a scratch directory gets a fresh private one here (its cwd, HOME and TMPDIR
// unless the server set them), removed before its exit is reported.
// Requests arrive as JSON lines on stdin; when stdin ends (the server is gone) it kills every
// process group it started and exits.
import { spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** id -> the child and its scratch directory, if the launcher made one */
const children = new Map();

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
// a server that is gone closes stdin too: the groups are killed there, not on a write error
process.stdout.on('error', () => {});

function killGroup(pid) {
  try {
    if (pid) process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/** A private scratch directory in `parent` (mkdtemp makes it 0700), owned by the run's user. */
function scratchDir(m) {
  const dir = mkdtempSync(path.join(m.scratch.parent, 'opsdeck-sandbox-'));
  if (m.uid !== undefined) chownSync(dir, m.uid, m.gid);
  else if (m.scratch.uid !== undefined) chownSync(dir, m.scratch.uid, m.scratch.gid);
  return dir;
}

/** One rmdir when the run left nothing behind, else the whole tree. */
const removeDir = (dir) =>
  dir ? rmdir(dir).catch(() => rm(dir, { recursive: true, force: true }).catch(() => {})) : Promise.resolve();

function start(m) {
  let child;
  let dir;
  try {
    const env = { ...m.env };
    if (m.scratch) {
      dir = scratchDir(m);
      env.HOME ??= dir;
      env.TMPDIR ??= dir;
    }
    child = spawn(m.file, m.args, {
      cwd: m.cwd ?? dir,
      env,
      detached: true, // its own process group, killed whole
      stdio: [m.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(m.uid !== undefined ? { uid: m.uid, gid: m.gid } : {}),
    });
  } catch (err) {
    void removeDir(dir).then(() => send({ id: m.id, ev: 'error', message: err.message }));
    return;
  }
  children.set(m.id, { child, dir });
  if (child.pid) send({ id: m.id, ev: 'pid', pid: child.pid, ...(dir ? { dir } : {}) });
  if (child.stdin) {
    child.stdin.on('error', () => {}); // a process that exits without reading its input
    child.stdin.end(Buffer.from(m.input, 'base64'));
  }
  // one byte past the cap is relayed so the server marks the output truncated; the rest stays here
  const relay = (stream, ev) => {
    let left = m.max + 1;
    stream.on('data', (b) => {
      if (left <= 0) return;
      const kept = b.length > left ? b.subarray(0, left) : b;
      left -= kept.length;
      send({ id: m.id, ev, data: kept.toString('base64') });
    });
  };
  relay(child.stdout, 'out');
  relay(child.stderr, 'err');
  child.once('exit', () => killGroup(child.pid)); // background children the script left behind
  child.once('error', (err) => send({ id: m.id, ev: 'error', message: err.message, code: err.code }));
  // the scratch directory goes before the exit is reported (a spawn that failed closes too)
  child.once('close', (code, signal) => {
    children.delete(m.id);
    void removeDir(dir).then(() => send({ id: m.id, ev: 'close', code, signal }));
  });
}

/** Kills the group and stops waiting for pipes a detached grandchild may still hold. */
function kill(id) {
  const child = children.get(id)?.child;
  if (!child) return;
  killGroup(child.pid);
  child.stdout?.destroy();
  child.stderr?.destroy();
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.op === 'spawn') start(m);
  else if (m.op === 'kill') kill(m.id);
  else if (m.op === 'usage') send({ ev: 'usage', ...process.cpuUsage() });
});
lines.on('close', () => {
  for (const { child, dir } of children.values()) {
    killGroup(child.pid);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
});
