import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sftpCheckSchema } from '@opsdeck/schema';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sftpCheck } from '../../../src/health/checks/sftp.js';
import { closedPort, runnerContext } from './runnerContext.js';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;
const HOUR = 3_600_000;

/** A real SSH server (ssh2) whose SFTP subsystem serves a temporary directory, read-only. */
let root: string;
let server: InstanceType<typeof Server>;
let port: number;
// ECDSA, not ed25519: about 1 in 250 ed25519 keys ssh2 generates fail its own parser (seen in CI)
const clientKeys = utils.generateKeyPairSync('ecdsa', { bits: 256 });
let allowedKey: ssh2.ParsedKey;

function attrsOf(full: string) {
  const st = lstatSync(full);
  return {
    mode: st.mode,
    uid: st.uid,
    gid: st.gid,
    size: st.size,
    atime: Math.floor(st.atimeMs / 1000),
    mtime: Math.floor(st.mtimeMs / 1000),
  };
}
function longname(name: string, full: string): string {
  const st = lstatSync(full);
  const type = st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : '-';
  return `${type}rw-r--r--    1 0        0        ${st.size} Nov 22 10:00 ${name}`;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'opsdeck-sftp-'));
  mkdirSync(path.join(root, 'exports/archive'), { recursive: true });
  const files: [string, number, number][] = [
    ['exports/orders-1.csv', 2048, 26],
    ['exports/orders-2.csv', 4096, 3],
    ['exports/README', 10, 100],
    ['exports/archive/orders-0.csv', 1024, 72],
  ];
  for (const [rel, size, hoursAgo] of files) {
    const full = path.join(root, rel);
    writeFileSync(full, Buffer.alloc(size, 'x'));
    const t = new Date(Date.now() - hoursAgo * HOUR);
    utimesSync(full, t, t);
  }
  const hostKey = utils.generateKeyPairSync('ecdsa', { bits: 256 }).private;
  const parsed = utils.parseKey(clientKeys.public);
  if (parsed instanceof Error) throw parsed;
  allowedKey = Array.isArray(parsed) ? parsed[0] : parsed;
  server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (auth) => {
      if (auth.username !== 'backup') return auth.reject();
      if (auth.method === 'password' && auth.password === 'sftp-secret') return auth.accept();
      if (auth.method === 'publickey' && auth.key.data.equals(allowedKey.getPublicSSH() as Buffer)) {
        // the client first asks whether the key is acceptable, then proves it holds it
        if (!auth.signature) return auth.accept();
        if (auth.blob && allowedKey.verify(auth.blob, auth.signature, auth.hashAlgo) === true) return auth.accept();
      }
      return auth.reject(['password', 'publickey']);
    });
    client.on('error', () => {});
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        acceptSession().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const dirs = new Map<string, { path: string; done: boolean }>();
          let next = 0;
          const local = (p: string) => path.join(root, path.posix.normalize(`/${p}`));
          sftp.on('REALPATH', (id, p) => {
            sftp.name(id, [{ filename: path.posix.normalize(`/${p}`), longname: '', attrs: {} as never }]);
          });
          sftp.on('OPENDIR', (id, p) => {
            try {
              if (!lstatSync(local(p)).isDirectory()) return sftp.status(id, STATUS_CODE.FAILURE, 'not a directory');
            } catch {
              return sftp.status(id, STATUS_CODE.NO_SUCH_FILE, 'No such file');
            }
            const handle = Buffer.alloc(4);
            handle.writeUInt32BE(next, 0);
            dirs.set(String(next++), { path: local(p), done: false });
            sftp.handle(id, handle);
          });
          sftp.on('READDIR', (id, handle) => {
            const dir = dirs.get(String(handle.readUInt32BE(0)));
            if (!dir) return sftp.status(id, STATUS_CODE.FAILURE);
            if (dir.done) return sftp.status(id, STATUS_CODE.EOF);
            dir.done = true;
            const names = readdirSync(dir.path).map((name) => {
              const full = path.join(dir.path, name);
              return { filename: name, longname: longname(name, full), attrs: attrsOf(full) };
            });
            sftp.name(id, names as never);
          });
          sftp.on('CLOSE', (id, handle) => {
            dirs.delete(String(handle.readUInt32BE(0)));
            sftp.status(id, STATUS_CODE.OK);
          });
          const stat = (id: number, p: string) => {
            try {
              sftp.attrs(id, attrsOf(local(p)) as never);
            } catch {
              sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
            }
          };
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

const check = (fields: Record<string, unknown>) =>
  sftpCheckSchema.parse({
    name: 'sftp',
    host: '127.0.0.1',
    port,
    path: '/exports',
    username: { value: 'backup' },
    password: { valueFrom: { secretKeyRef: { name: 'sftp', key: 'password' } } },
    ...fields,
  });
const ctx = () => runnerContext({ secrets: { sftp: { password: 'sftp-secret' } } });

describe('sftp check against an ssh2 SFTP server', () => {
  it('lists the folder and passes its file tests', async () => {
    const out = await sftpCheck.run(
      check({ filter: { regex: '\\.csv$' }, minCount: 2, maxCount: 2, maxAge: '2d', minSize: '1Ki' }),
      ctx(),
    );
    expect(out.pass).toBe(true);
    const results = out.data.results as { count: number; newest: { name: string; path: string } };
    expect(results.count).toBe(2);
    expect(results.newest).toMatchObject({ name: 'orders-2.csv', path: '/exports/orders-2.csv' });
  });

  it('walks subfolders when recursive', async () => {
    const out = await sftpCheck.run(check({ recursive: true, filter: { regex: '\\.csv$' } }), ctx());
    expect((out.data.results as { count: number }).count).toBe(3);
  });

  it('fails when the newest export is too old', async () => {
    const out = await sftpCheck.run(check({ filter: { regex: '\\.csv$' }, maxAge: '12h' }), ctx());
    expect(out.pass).toBe(false);
    expect(out.error).toMatch(/^orders-1\.csv is too old: 26h0m[\d.]*s > 12h$/);
  });

  it('fails on a missing folder and on refused credentials', async () => {
    const missing = await sftpCheck.run(check({ path: '/imports' }), ctx());
    expect(missing.pass).toBe(false);
    expect(missing.error).toContain('/imports');
    expect(missing.error).toMatch(/No such file/i);
    const denied = await sftpCheck.run(check({ password: { value: 'wrong' } }), ctx());
    expect(denied.pass).toBe(false);
    expect(denied.error).toMatch(/authentication/i);
  });

  it('authenticates with a private key instead of a password', async () => {
    const out = await sftpCheck.run(
      check({ password: undefined, privateKey: { value: clientKeys.private }, minCount: 3 }),
      ctx(),
    );
    expect(out).toMatchObject({ pass: true, data: { results: { count: 3 } } });
    const other = utils.generateKeyPairSync('ecdsa', { bits: 256 }).private;
    const denied = await sftpCheck.run(check({ password: undefined, privateKey: { value: other } }), ctx());
    expect(denied.pass).toBe(false);
    expect(denied.error).toMatch(/authentication/i);
  });

  it('fails with connection refused when nothing listens', async () => {
    const closed = await closedPort();
    const out = await sftpCheck.run(check({ port: closed }), ctx());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
  });

  it('requires path and a host', () => {
    expect(sftpCheckSchema.safeParse({ name: 's', host: 'h' }).error?.issues[0]?.message).toBe('path is required');
    expect(sftpCheckSchema.safeParse({ name: 's', path: '/x' }).error?.issues[0]?.message).toBe(
      'an sftp check needs host or connection',
    );
  });
});
