import { elasticsearchCheckSchema, opensearchCheckSchema, type SearchCheck } from '@opsdeck/schema';
import { redactUrl, resolveEndpoint } from '../../integrations/endpoint.js';
import { HttpStatusError, requestJson } from '../../integrations/http/json.js';
import { type CheckType, failure } from './types.js';

interface SearchAnswer {
  hits?: { total?: number | { value?: number; relation?: string }; hits?: unknown[] };
  took?: number;
  timed_out?: boolean;
}

/**
 * Runs `POST /<index>/_search` with `query` as the body (default: match all). Fails on a search
 * error (the server's `type: reason`), or when `results` is set and the hit count differs.
 * Expressions see `results` (the whole answer), `hits` and `count`.
 */
function searchCheck(type: 'elasticsearch' | 'opensearch'): CheckType<SearchCheck> {
  return {
    type,
    endpoint: (spec) => `${redactUrl(spec.url || spec.connection || '')}/${spec.index}`,
    schema: type === 'elasticsearch' ? elasticsearchCheckSchema : opensearchCheckSchema,
    defaultTimeoutMs: 30_000,
    async run(spec, ctx) {
      const endpoint = await resolveEndpoint(spec, ctx);
      const url = endpoint.url;
      if (!url) return failure(new Error(`no url: the ${type} connection has no url`));
      let answer: SearchAnswer;
      try {
        answer = (await requestJson(
          { ...endpoint, url },
          {
            method: 'POST',
            path: `/${encodeURIComponent(spec.index).replaceAll('%2C', ',').replaceAll('%2A', '*')}/_search`,
            body: spec.query ?? '{"query":{"match_all":{}}}',
            signal: ctx.signal,
          },
        )) as SearchAnswer;
      } catch (err) {
        return failure(new Error(`${type} ${redactUrl(url)}: ${searchError(err)}`));
      }
      const total = answer.hits?.total;
      const count = typeof total === 'number' ? total : (total?.value ?? answer.hits?.hits?.length ?? 0);
      const data = { results: answer, hits: answer.hits?.hits ?? [], count };
      const metrics = [{ name: 'hits', value: count }];
      if (count === 0 && spec.markFailOnEmpty) {
        const error = 'query returned no hits (markFailOnEmpty)';
        return { pass: false, error, message: error, data, metrics };
      }
      if (spec.results !== undefined && count !== spec.results) {
        const error = `query returned ${count} hits, expected ${spec.results}`;
        return { pass: false, error, message: error, data, metrics };
      }
      return { pass: true, message: `${count} hits`, data, metrics };
    },
  };
}

function searchError(err: unknown): string {
  if (err instanceof HttpStatusError) {
    const e = (err.body as { error?: { type?: string; reason?: string } | string } | undefined)?.error;
    if (typeof e === 'string') return `${err.status}: ${e}`;
    if (e?.type || e?.reason) return `${err.status} ${e.type ?? 'error'}: ${e.reason ?? ''}`.trim();
  }
  return err instanceof Error ? err.message : String(err);
}

export const elasticsearchCheck = searchCheck('elasticsearch');
export const opensearchCheck = searchCheck('opensearch');
