import { elasticsearchCheckSchema, opensearchCheckSchema } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elasticsearchCheck, opensearchCheck } from '../../../src/health/checks/elasticsearch.js';
import { type HttpPeer, startHttpPeer } from './httpPeer.js';
import { closedPort, runnerContext } from './runnerContext.js';

const DOCS = [
  { _index: 'logs', _id: '1', _score: 1, _source: { level: 'error', msg: 'disk full' } },
  { _index: 'logs', _id: '2', _score: 1, _source: { level: 'info', msg: 'started' } },
  { _index: 'logs', _id: '3', _score: 1, _source: { level: 'error', msg: 'timeout' } },
];

// An Elasticsearch/OpenSearch _search peer: term queries on `level`, match_all, basic auth, and
// the documented error body for a missing index.
let es: HttpPeer;
beforeAll(async () => {
  es = await startHttpPeer((req) => {
    if (req.headers.authorization !== `Basic ${Buffer.from('elastic:changeme').toString('base64')}`) {
      return {
        status: 401,
        json: { error: { type: 'security_exception', reason: 'unable to authenticate user' }, status: 401 },
      };
    }
    const m = /^\/([^/]+)\/_search$/.exec(req.path);
    if (req.method !== 'POST' || !m) return { status: 405, text: 'method not allowed' };
    if (m[1] !== 'logs') {
      return {
        status: 404,
        json: { error: { type: 'index_not_found_exception', reason: `no such index [${m[1]}]` }, status: 404 },
      };
    }
    const body = JSON.parse(req.body) as { query?: { term?: { level?: string } } };
    const level = body.query?.term?.level;
    const hits = DOCS.filter((d) => !level || d._source.level === level);
    return {
      json: {
        took: 2,
        timed_out: false,
        _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
        hits: { total: { value: hits.length, relation: 'eq' }, max_score: 1, hits },
      },
    };
  });
});
afterAll(() => es.close());

const ERRORS = JSON.stringify({ query: { term: { level: 'error' } } });
const check = (fields: Record<string, unknown>) =>
  elasticsearchCheckSchema.parse({
    name: 'es',
    url: es.url,
    index: 'logs',
    username: { value: 'elastic' },
    password: { value: 'changeme' },
    ...fields,
  });

describe('elasticsearch check against a _search peer', () => {
  it('passes when the hit count equals results, exposing the hits', async () => {
    const out = await elasticsearchCheck.run(check({ query: ERRORS, results: 2 }), runnerContext());
    expect(out.pass).toBe(true);
    expect(out.data.count).toBe(2);
    expect((out.data.hits as { _id: string }[]).map((h) => h._id)).toEqual(['1', '3']);
  });

  it('fails when the hit count differs from results', async () => {
    const out = await elasticsearchCheck.run(check({ query: ERRORS, results: 1 }), runnerContext());
    expect(out).toMatchObject({ pass: false, error: 'query returned 2 hits, expected 1' });
  });

  it('fails on no hits only with markFailOnEmpty', async () => {
    const none = JSON.stringify({ query: { term: { level: 'debug' } } });
    expect(await elasticsearchCheck.run(check({ query: none }), runnerContext())).toMatchObject({ pass: true });
    const strict = await elasticsearchCheck.run(check({ query: none, markFailOnEmpty: true }), runnerContext());
    expect(strict).toMatchObject({ pass: false, error: 'query returned no hits (markFailOnEmpty)' });
  });

  it("fails with the server's error type and reason", async () => {
    const out = await elasticsearchCheck.run(check({ index: 'metrics' }), runnerContext());
    expect(out.error).toContain('404 index_not_found_exception: no such index [metrics]');
    const denied = await elasticsearchCheck.run(check({ password: { value: 'nope' } }), runnerContext());
    expect(denied.error).toContain('401 security_exception: unable to authenticate user');
  });

  it('runs the same way as opensearch', async () => {
    const spec = opensearchCheckSchema.parse({
      name: 'os',
      url: `http://elastic:changeme@${es.url.slice(7)}`,
      index: 'logs',
    });
    const out = await opensearchCheck.run(spec, runnerContext());
    expect(out).toMatchObject({ pass: true, data: { count: 3 } });
  });

  it('fails with connection refused when nothing listens', async () => {
    const port = await closedPort();
    const out = await elasticsearchCheck.run(check({ url: `http://127.0.0.1:${port}` }), runnerContext());
    expect(out.error).toContain('ECONNREFUSED');
  });

  it('refuses a query that is not a JSON object', () => {
    const out = elasticsearchCheckSchema.safeParse({
      name: 'es',
      url: 'http://x',
      index: 'logs',
      query: 'level:error',
    });
    expect(out.error?.issues[0]).toMatchObject({
      path: ['query'],
      message: 'query must be a JSON object (the search request body)',
    });
  });
});
