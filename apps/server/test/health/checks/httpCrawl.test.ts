import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { runnerContext } from './runnerContext.js';

// A small local site: / links to /a and /b (and off-site); /a links to /a/deep and /gone (404);
// /b links back to /; /private links to /broken-private.

const pages: Record<string, string> = {
  '/': '<a href="/a">a</a> <a href=\'b\'>b</a> <a href="http://example.invalid/x">off-site</a> <a href="mailto:x@y">m</a>',
  '/a': '<a href="/a/deep#top">deep</a> <a href="/gone">gone</a>',
  '/a/deep': 'leaf',
  '/b': '<a href="/">home</a>',
  '/ok': '<a href="/b">b</a>',
};
const fetched: string[] = [];
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    fetched.push(req.url ?? '');
    const body = pages[req.url ?? ''];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html' });
    res.end(body ?? 'not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const run = (path: string, crawl: Record<string, unknown>) =>
  executeCheck('http', { name: 'site', url: `${base}${path}`, crawl }, runnerContext());

describe('http check with crawl', () => {
  it('fails on a broken same-origin link within the depth, naming it and the page linking to it', async () => {
    fetched.length = 0;
    const r = await run('/', { depth: 2 });
    expect(r.pass).toBe(false);
    expect(r.error).toBe(`1 broken link(s) of 5 pages: ${base}/gone (404, linked from ${base}/a)`);
    expect(fetched).not.toContain('/x'); // off-site links are not fetched
  });

  it('stops at the depth: one hop does not reach the broken link', async () => {
    const r = await run('/', { depth: 1 });
    expect(r).toMatchObject({ pass: true });
    expect(r.data?.crawl).toMatchObject({ pages: 3, broken: [] });
  });

  it('skips URLs matching disallowedURLFilters', async () => {
    expect((await run('/', { depth: 3, disallowedURLFilters: ['/gone$'] })).pass).toBe(true);
  });

  it('refuses crawl options it does not implement', async () => {
    const r = await run('/', { parallelism: 4 });
    expect(r.pass).toBe(false);
    expect(r.error).toContain('crawl.parallelism: crawl parallelism is not supported');
  });
});
