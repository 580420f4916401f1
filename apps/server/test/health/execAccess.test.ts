import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openSecretBox } from '../../src/crypto/secretBox.js';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import type { ExecMode } from '../../src/sandbox/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

/**
 * OPSDECK_EXEC decides who may save exec checks through the API (admin by default, editor, or
 * off, when exec never runs); exec checks cannot read the data directory through Run Now.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'opsdeck-exec-access-'));
const servers: Partial<Record<ExecMode, TestServer>> = {};
const start = (exec: ExecMode) =>
  startTestServer({ config: { dataDir, sandbox: { ...loadConfig({}).sandbox, exec } } });

beforeAll(async () => {
  servers.admin = await start('admin');
  servers.editor = await start('editor');
  servers.off = await start('off');
});
afterAll(async () => {
  for (const s of Object.values(servers)) await s?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', prefer: 'return=representation', ...extra },
  body: JSON.stringify(body),
});
const execSpec = (script = 'echo hi') => ({ schedule: '@every 5m', exec: [{ name: 'script', script }] });
const tcpSpec = { schedule: '@every 5m', tcp: [{ name: 'ssh', endpoint: '127.0.0.1:22' }] };

async function post(server: TestServer, as: 'admin' | 'editor', name: string, spec: unknown, extra = {}) {
  return server.fetch('/api/db/canaries', { method: 'POST', as, ...json({ name, spec }, extra) });
}

async function runNow(server: TestServer, checkId: string) {
  const res = await server.fetch(`/api/canary/run/check/${checkId}`, { method: 'POST', as: 'editor' });
  expect(res.status).toBe(200);
  return res.json() as Promise<{ pass: boolean; invalid: boolean; message: string; error: string | null }>;
}

async function checkIdOf(server: TestServer, canaryId: string): Promise<string> {
  const [check] = await (await server.fetch(`/api/db/checks?canary_id=eq.${canaryId}&select=id`)).json();
  return check.id;
}

describe('OPSDECK_EXEC=admin (default)', () => {
  it('refuses exec checks from an editor on every canary write, naming the setting', async () => {
    const server = servers.admin as TestServer;
    const created = await post(server, 'editor', 'editor-exec', execSpec('cat /etc/hostname'));
    expect(created.status).toBe(403);
    expect((await created.json()).message).toBe(
      'only admins may save exec checks, because they run code on the server (OPSDECK_EXEC=admin; an administrator can allow editors with OPSDECK_EXEC=editor)',
    );
    expect(await (await server.fetch('/api/db/canaries?name=eq.editor-exec')).json()).toEqual([]);

    const upsert = await post(server, 'editor', 'editor-exec', execSpec(), {
      prefer: 'return=representation,resolution=merge-duplicates',
    });
    expect(upsert.status).toBe(403);

    // an admin's exec canary: the editor may not rewrite it, but may still edit other fields
    const [own] = await (await post(server, 'admin', 'admin-exec', execSpec())).json();
    const patched = await server.fetch(`/api/db/canaries?id=eq.${own.id}`, {
      method: 'PATCH',
      as: 'editor',
      ...json({ spec: execSpec('cat /etc/passwd') }),
    });
    expect(patched.status).toBe(403);
    expect((await patched.json()).message).toContain('OPSDECK_EXEC');
    const renamed = await server.fetch(`/api/db/canaries?id=eq.${own.id}`, {
      method: 'PATCH',
      as: 'editor',
      ...json({ labels: { team: 'ops' } }),
    });
    expect(renamed.status).toBe(200);
    const [stored] = await (await server.fetch(`/api/db/canaries?id=eq.${own.id}`)).json();
    expect(stored.spec.exec[0].script).toBe('echo hi');
  });

  it('lets an editor save other checks and an admin save exec checks', async () => {
    const server = servers.admin as TestServer;
    expect((await post(server, 'editor', 'editor-tcp', tcpSpec)).status).toBe(201);
    const res = await post(server, 'admin', 'admin-exec-2', { ...execSpec(), resultMode: 'junit' });
    expect(res.status).toBe(201);
  });
});

describe('OPSDECK_EXEC=editor', () => {
  it('lets editors and admins save exec checks', async () => {
    const server = servers.editor as TestServer;
    expect((await post(server, 'editor', 'by-editor', execSpec())).status).toBe(201);
    expect((await post(server, 'admin', 'by-admin', execSpec())).status).toBe(201);
  });
});

describe('OPSDECK_EXEC=off', () => {
  it('refuses exec checks to everyone and does not run the ones already stored', async () => {
    const server = servers.off as TestServer;
    for (const as of ['admin', 'editor'] as const) {
      const res = await post(server, as, `off-${as}`, execSpec());
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(
        'exec checks are turned off on this server (OPSDECK_EXEC=off); remove the exec checks',
      );
    }
    // a canary saved before exec was turned off
    const canary = validateCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'older' },
      spec: execSpec(),
    });
    const saved = await server.db.kysely
      .transaction()
      .execute((trx) => saveCanary(trx, canary, { source: 'UI', clock: server.ctx.clock }));
    const result = await runNow(server, saved.checks['exec/script'] as string);
    expect(result).toMatchObject({
      pass: false,
      invalid: true,
      error: 'exec checks are turned off on this server (OPSDECK_EXEC=off)',
    });
  });
});

describe('Run Now of an exec check', () => {
  // the sandbox user differs from the server's only when the server runs as root (CI does)
  it.skipIf(process.getuid?.() !== 0)('cannot show the data directory or secret.key to anyone', async () => {
    const server = servers.admin as TestServer;
    openSecretBox({ dataDir }); // the key that seals every connection
    const key = readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim();
    for (const [name, script] of [
      ['read-key', `cat ${dataDir}/secret.key`],
      ['list-data', `ls -la ${dataDir}`],
    ]) {
      const [canary] = await (await post(server, 'admin', name as string, execSpec(script))).json();
      const result = await runNow(server, await checkIdOf(server, canary.id));
      expect(result.pass).toBe(false);
      expect(result.error).toContain('Permission denied');
      expect(JSON.stringify(result)).not.toContain(key);
      const history = await server.fetch(`/api/db/check_statuses?select=*`, { as: 'viewer' });
      const text = await history.text();
      expect(text).not.toContain(key);
      expect(text).not.toContain('secret.key ');
    }
  });
});
