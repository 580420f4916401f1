import { Client } from '@elastic/elasticsearch';
import type { BackendPage, LogBackend, LogSearch } from '../types.js';
import { LogBackendError } from '../types.js';
import { reason } from './opensearch.js';
import { type Hit, hitLines, type SearchSpec, searchBody, totalOf } from './searchQuery.js';

/** Elasticsearch (8 and later) through its official client: one search per page, `search_after` for the next. */
export function elasticsearchBackend(spec: SearchSpec, labels: Record<string, string>): LogBackend {
  return {
    async search(q: LogSearch): Promise<BackendPage> {
      const body = searchBody(spec, q, { ...q.labels });
      const c = new Client({
        node: spec.address,
        ...(spec.apiKey
          ? { auth: { apiKey: spec.apiKey } }
          : spec.username
            ? { auth: { username: spec.username, password: spec.password ?? '' } }
            : {}),
        requestTimeout: 30_000,
      });
      try {
        const res = await c.search({ index: spec.index, ...(body as object) }, { signal: q.signal });
        const hits = res.hits as { total?: unknown; hits: Hit[] };
        return { total: totalOf(hits.total), lines: hitLines(spec, hits.hits, labels) };
      } catch (err) {
        if (q.signal.aborted) throw err;
        throw new LogBackendError(`Elasticsearch: ${reason(err)}`);
      } finally {
        await c.close();
      }
    },
  };
}
