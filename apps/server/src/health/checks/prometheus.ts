import { type PrometheusCheck, prometheusCheckSchema } from '@opsdeck/schema';
import { redactUrl, resolveEndpoint } from '../../integrations/endpoint.js';
import { HttpStatusError, requestJson } from '../../integrations/http/json.js';
import { type CheckType, failure } from './types.js';

interface PromSample {
  metric?: Record<string, string>;
  value?: [number, string];
}
interface PromAnswer {
  status?: string;
  error?: string;
  errorType?: string;
  data?: { resultType?: string; result?: unknown };
}

/**
 * `prometheus`: an instant query (`GET /api/v1/query`). Passes when Prometheus answers; the
 * samples are for `test` (`results[0].value > 0`, `value < 100`). A query error (bad PromQL, an
 * unreachable server) fails with Prometheus's own message.
 */
export const prometheusCheck: CheckType<PrometheusCheck> = {
  type: 'prometheus',
  endpoint: (spec) => redactUrl(spec.url || spec.host || spec.connection || ''),
  schema: prometheusCheckSchema,
  defaultTimeoutMs: 30_000,
  async run(spec, ctx) {
    const endpoint = await resolveEndpoint(spec, ctx);
    const url = endpoint.url || spec.host;
    if (!url) return failure(new Error('no url: the prometheus connection has no url'));
    let answer: PromAnswer;
    try {
      answer = (await requestJson(
        { ...endpoint, url },
        {
          path: '/api/v1/query',
          query: [
            ['query', spec.query],
            ['time', String(ctx.now().getTime() / 1000)],
          ],
          signal: ctx.signal,
        },
      )) as PromAnswer;
    } catch (err) {
      const body = err instanceof HttpStatusError ? (err.body as PromAnswer | undefined) : undefined;
      const reason = body?.error ? `${body.errorType ?? 'error'}: ${body.error}` : (err as Error).message;
      return failure(new Error(`prometheus ${redactUrl(url)}: ${reason}`));
    }
    if (answer.status !== 'success') {
      return failure(new Error(`prometheus ${redactUrl(url)}: ${answer.error ?? 'query did not succeed'}`));
    }
    const results = samples(answer.data?.resultType, answer.data?.result);
    const first = results[0];
    const data = { results, value: first?.value ?? 0, firstResult: first ?? {} };
    if (results.length === 0 && spec.markFailOnEmpty) {
      const error = 'query returned no samples (markFailOnEmpty)';
      return { pass: false, error, message: error, data, metrics: [{ name: 'samples', value: 0 }] };
    }
    return {
      pass: true,
      message: `${results.length} samples`,
      data,
      metrics: [{ name: 'samples', value: results.length }],
    };
  },
};

/** Flattens an answer to one object per sample: its labels plus `value` (a number). */
function samples(type: string | undefined, result: unknown): Record<string, unknown>[] {
  if (type === 'scalar' || type === 'string') {
    const [, raw] = (result as [number, string] | undefined) ?? [];
    return raw === undefined ? [] : [{ value: type === 'scalar' ? Number(raw) : raw }];
  }
  if (!Array.isArray(result)) return [];
  return (result as (PromSample & { values?: [number, string][] })[]).map((s) => {
    const raw = s.value?.[1] ?? s.values?.[s.values.length - 1]?.[1];
    return { ...(s.metric ?? {}), value: raw === undefined ? null : Number(raw) };
  });
}
