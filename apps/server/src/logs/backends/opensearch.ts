import { lazyDriver } from '../../integrations/lazyDriver.js';
import type { BackendPage, LogBackend, LogSearch } from '../types.js';
import { LogBackendError } from '../types.js';
import { type Hit, hitLines, type SearchSpec, searchBody, totalOf } from './searchQuery.js';

/** The OpenSearch client, loaded at the first search: most servers and every CLI start never search. */
const loadOpensearch = lazyDriver(() => import('@opensearch-project/opensearch'));

/** OpenSearch through its official client: one search per page, `search_after` for the next. */
export function opensearchBackend(spec: SearchSpec, labels: Record<string, string>): LogBackend {
  const client = async () =>
    new (await loadOpensearch()).Client({
      node: spec.address,
      ...(spec.username ? { auth: { username: spec.username, password: spec.password ?? '' } } : {}),
      ...(spec.apiKey ? { headers: { authorization: `ApiKey ${spec.apiKey}` } } : {}),
      requestTimeout: 30_000,
    });
  return {
    async search(q: LogSearch): Promise<BackendPage> {
      const body = searchBody(spec, q, { ...q.labels });
      const c = await client();
      try {
        const pending = c.search({ index: spec.index, body: body as never });
        const abort = () => pending.abort();
        q.signal.addEventListener('abort', abort, { once: true });
        const res = await pending.finally(() => q.signal.removeEventListener('abort', abort));
        const hits = res.body.hits as { total?: unknown; hits: Hit[] };
        return { total: totalOf(hits.total), lines: hitLines(spec, hits.hits, labels) };
      } catch (err) {
        if (q.signal.aborted) throw err;
        throw new LogBackendError(`OpenSearch: ${reason(err)}`);
      } finally {
        await c.close();
      }
    },
  };
}

export function reason(err: unknown): string {
  const e = err as { meta?: { body?: { error?: { reason?: string } | string } }; message?: string };
  const b = e.meta?.body?.error;
  return (typeof b === 'string' ? b : b?.reason) ?? e.message ?? String(err);
}
