import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestServer } from '../helpers/index.js';

/** JSON body that asks for the written rows back. */
export const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json', prefer: 'return=representation' },
  body: JSON.stringify(body),
});

/** Saves a view through /api/db as an admin; answers its id. */
export async function saveView(server: TestServer, name: string, spec: unknown): Promise<string> {
  const res = await server.fetch('/api/db/views', { method: 'POST', ...json({ name, namespace: 'default', spec }) });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
}

/** POST /api/view/{id} with variables; answers the status and body. */
export async function fetchView(
  server: TestServer,
  id: string,
  variables: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const res = await server.fetch(`/api/view/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ variables }),
  });
  return { status: res.status, body: await res.json() };
}

/** One page of rows of a view answer. */
export async function fetchRows(server: TestServer, id: string, fingerprint: string, query = '') {
  const res = await server.fetch(`/api/views/${id}/rows?fingerprint=${fingerprint}${query}`);
  return { status: res.status, body: await res.json() };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A real Prometheus (Debian's `prometheus` package) on a free loopback port, scraping itself every
 * second, so `up` and its own metrics have samples.
 */
export async function startPrometheus(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'opsdeck-prom-'));
  const port = await freePort();
  writeFileSync(
    join(dir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: prometheus\n    static_configs:\n      - targets: ['127.0.0.1:${port}']\n`,
  );
  const child: ChildProcess = spawn(
    '/usr/bin/prometheus',
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/v1/query?query=up`);
      const body = (await res.json()) as { data?: { result?: unknown[] } };
      if (res.ok && (body.data?.result?.length ?? 0) > 0) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('prometheus did not start within 60s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
