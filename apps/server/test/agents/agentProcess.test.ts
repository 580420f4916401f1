import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentServeCommand, parseServeCommand } from '@opsdeck/schema/agentInstall';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { OPSDECK_BIN } from '../helpers/opsdeckBin.js';

// Issue 18 part 1 and issue 16 item 6: the start command shown with a new agent's token, run as a
// real OpsDeck process (embedded database in a temp dir), makes an agent that comes online
// upstream and pushes its checks (the sample canary, which checks the agent itself) and results.

let upstream: TestServer;
let child: ChildProcess | undefined;
let dir: string;
let output = '';

beforeAll(async () => {
  upstream = await startTestServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-agent-'));
}, 120_000);
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child?.on('exit', r));
    child.kill('SIGTERM');
    // a loaded machine may take long to drain; never leave the process behind
    const killer = setTimeout(() => child?.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(killer);
  }
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
}, 90_000);

describe('an agent started from its install text', { timeout: 240_000 }, () => {
  it('comes online upstream and pushes the checks it runs', async () => {
    const res = await upstream.fetch('/api/agent/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'far-away' }),
    });
    const made = (await res.json()) as { id: string; access_token: string };
    const text = agentServeCommand({ upstreamUrl: upstream.url, name: 'far-away', token: made.access_token });
    const { env, args } = parseServeCommand(text);
    expect(Object.keys(env)).toContain('OPSDECK_UPSTREAM_TOKEN');
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...env,
      OPSDECK_DATA_DIR: dir, // the shown relative directory, placed in a temp dir
      OPSDECK_SAMPLE_DATA: 'true', // a check to push: the sample canary checks the agent itself
      OPSDECK_UPSTREAM_PUSH_INTERVAL: '500ms',
      OPSDECK_UPSTREAM_PING_INTERVAL: '500ms',
      OPSDECK_ADMIN_PASSWORD: 'agent-test-password',
      LOG_LEVEL: 'warn',
    };
    delete childEnv.DATABASE_URL;
    expect(args).toEqual(['--port', '8081']);
    child = spawn(process.execPath, [OPSDECK_BIN, 'serve', '--port', '0', '--host', '127.0.0.1'], { env: childEnv });
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    const summary = async () => {
      const r = await upstream.fetch(
        `/api/db/agents_summary?id=eq.${made.id}&select=status,checks_count,last_received`,
      );
      return ((await r.json()) as Array<{ status: string; checks_count: number; last_received: string | null }>)[0];
    };
    const end = Date.now() + 200_000;
    let seen: Awaited<ReturnType<typeof summary>>;
    let results = 0;
    while (Date.now() < end) {
      seen = await summary();
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from check_statuses s join checks c on c.id = s.check_id
        where c.agent_id = ${made.id}`.execute(upstream.db.kysely);
      results = Number(rows[0]?.n ?? 0);
      if (seen?.status === 'online' && (seen?.checks_count ?? 0) > 0 && results > 0) break;
      if (child.exitCode !== null) throw new Error(`the agent exited: ${output}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(seen?.status, output).toBe('online');
    expect(seen?.checks_count, output).toBeGreaterThan(0);
    expect(seen?.last_received).toBeTruthy();
    expect(results).toBeGreaterThan(0);
  });
});
