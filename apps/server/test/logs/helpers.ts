import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { LogsResponse } from '@opsdeck/schema';
import { expect } from 'vitest';
import type { TestServer } from '../helpers/index.js';

export const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', prefer: 'return=representation' },
  body: JSON.stringify(body),
});

/** Saves a log backend through /api/db as an admin. */
export async function saveBackend(server: TestServer, name: string, spec: unknown, labels?: Record<string, string>) {
  const res = await server.fetch('/api/db/logging_backends', json({ name, spec, labels }));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as Array<{ id: string }>)[0]?.id as string;
}

/** POST /api/logs expecting 200. */
export async function search(server: TestServer, body: Record<string, unknown>, as?: 'viewer'): Promise<LogsResponse> {
  const res = await server.fetch('/api/logs', { ...json(body), as });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<LogsResponse>;
}

/** Every page of a search, following nextPage. */
export async function allPages(server: TestServer, body: Record<string, unknown>) {
  const lines: LogsResponse['results'] = [];
  let page: string | undefined;
  let totals: number[] = [];
  for (let i = 0; i < 100; i++) {
    const r = await search(server, { ...body, ...(page ? { page } : {}) });
    lines.push(...r.results);
    totals.push(r.total);
    page = r.nextPage;
    if (!page) break;
  }
  totals = [...new Set(totals)];
  return { lines, totals };
}

/** Writes `lines` to `file` (gzipped for .gz) and sets its mtime to `mtime`. */
export async function writeLog(file: string, lines: string[], mtime: number) {
  await mkdir(path.dirname(file), { recursive: true });
  const text = `${lines.join('\n')}\n`;
  await writeFile(file, file.endsWith('.gz') ? gzipSync(text) : text);
  await utimes(file, mtime / 1000, mtime / 1000);
}

export const iso = (ms: number) => new Date(ms).toISOString();
