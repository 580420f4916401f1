import { prometheusCheckSchema } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prometheusCheck } from '../../../src/health/checks/prometheus.js';
import { type HttpPeer, startHttpPeer } from './httpPeer.js';
import { closedPort, runnerContext } from './runnerContext.js';

// A Prometheus HTTP API peer answering /api/v1/query with the documented response shapes.
let prom: HttpPeer;
beforeAll(async () => {
  prom = await startHttpPeer((req) => {
    if (req.path !== '/prom/api/v1/query') return { status: 404, text: '404 page not found' };
    const query = req.query.get('query') ?? '';
    if (query === 'up{job="api"}') {
      return {
        json: {
          status: 'success',
          data: {
            resultType: 'vector',
            result: [
              { metric: { __name__: 'up', job: 'api', instance: 'api-1:9090' }, value: [1700000000.1, '1'] },
              { metric: { __name__: 'up', job: 'api', instance: 'api-2:9090' }, value: [1700000000.1, '0'] },
            ],
          },
        },
      };
    }
    if (query === 'up{job="gone"}') {
      return { json: { status: 'success', data: { resultType: 'vector', result: [] } } };
    }
    if (query === 'scalar(42)') {
      return { json: { status: 'success', data: { resultType: 'scalar', result: [1700000000.1, '42'] } } };
    }
    return {
      status: 400,
      json: { status: 'error', errorType: 'bad_data', error: `invalid parameter "query": parse error: ${query}` },
    };
  });
});
afterAll(() => prom.close());

const check = (fields: Record<string, unknown>) =>
  prometheusCheckSchema.parse({ name: 'prom', url: `${prom.url}/prom`, ...fields });

describe('prometheus check against a Prometheus API peer', () => {
  it('passes with one result per sample, labels and value', async () => {
    const out = await prometheusCheck.run(check({ query: 'up{job="api"}' }), runnerContext());
    expect(out.pass).toBe(true);
    expect(out.data.results).toEqual([
      { __name__: 'up', job: 'api', instance: 'api-1:9090', value: 1 },
      { __name__: 'up', job: 'api', instance: 'api-2:9090', value: 0 },
    ]);
    expect(out.data.value).toBe(1);
    expect(prom.requests.at(-1)?.query.get('query')).toBe('up{job="api"}');
  });

  it('reads scalar answers', async () => {
    const out = await prometheusCheck.run(check({ query: 'scalar(42)' }), runnerContext());
    expect(out.data).toMatchObject({ value: 42, results: [{ value: 42 }] });
  });

  it('passes on an empty answer unless markFailOnEmpty is set', async () => {
    const empty = await prometheusCheck.run(check({ query: 'up{job="gone"}' }), runnerContext());
    expect(empty).toMatchObject({ pass: true, data: { results: [] } });
    const strict = await prometheusCheck.run(
      check({ query: 'up{job="gone"}', markFailOnEmpty: true }),
      runnerContext(),
    );
    expect(strict).toMatchObject({ pass: false, error: 'query returned no samples (markFailOnEmpty)' });
  });

  it("fails with Prometheus's message for a bad query", async () => {
    const out = await prometheusCheck.run(check({ query: 'up{' }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('bad_data: invalid parameter "query": parse error: up{');
  });

  it('fails with connection refused when nothing listens', async () => {
    const port = await closedPort();
    const out = await prometheusCheck.run(check({ url: `http://127.0.0.1:${port}`, query: 'up' }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
  });

  it('reaches Prometheus through a stored connection with basic auth', async () => {
    const spec = prometheusCheckSchema.parse({
      name: 'prom',
      connection: 'connection://monitoring/prom',
      query: 'scalar(42)',
    });
    const out = await prometheusCheck.run(
      spec,
      runnerContext({
        connections: {
          prom: {
            name: 'prom',
            namespace: 'monitoring',
            type: 'prometheus',
            url: `${prom.url}/prom`,
            username: 'reader',
            password: 'prom-secret',
            properties: {},
          },
        },
      }),
    );
    expect(out).toMatchObject({ pass: true, data: { value: 42 } });
    const auth = prom.requests.at(-1)?.headers.authorization;
    expect(auth).toBe(`Basic ${Buffer.from('reader:prom-secret').toString('base64')}`);
  });

  it('requires query and a target', () => {
    expect(prometheusCheckSchema.safeParse({ name: 'p', url: 'http://x' }).error?.issues[0]?.message).toBe(
      'query is required',
    );
    expect(prometheusCheckSchema.safeParse({ name: 'p', query: 'up' }).error?.issues[0]?.message).toBe(
      'a prometheus check needs url, host or connection',
    );
  });
});
