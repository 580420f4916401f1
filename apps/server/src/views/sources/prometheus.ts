import { redactUrl } from '../../health/checks/lib/endpoint.js';
import { HttpStatusError, requestJson } from '../../health/checks/lib/httpJson.js';
import type { ViewSource } from './types.js';

interface PromAnswer {
  status?: string;
  error?: string;
  errorType?: string;
  data?: { resultType?: string; result?: unknown };
}

/**
 * `prometheus`: an instant query against a Prometheus server's HTTP API (`/api/v1/query`); each
 * sample is a row of its labels plus `value` (and `timestamp`, ISO).
 */
export const prometheusSource: ViewSource<'prometheus'> = {
  key: 'prometheus',
  async run(spec, ctx) {
    const stored = spec.connection ? await ctx.resolveConnection(spec.connection) : undefined;
    const url = spec.url || stored?.url;
    if (!url) throw new Error('prometheus: no url (the connection has none)');
    let answer: PromAnswer;
    try {
      answer = (await requestJson(
        { url, username: stored?.username, password: stored?.password, connection: stored },
        {
          path: '/api/v1/query',
          query: [
            ['query', spec.query],
            ['time', String(ctx.now.getTime() / 1000)],
          ],
          signal: ctx.signal,
        },
      )) as PromAnswer;
    } catch (err) {
      const body = err instanceof HttpStatusError ? (err.body as PromAnswer | undefined) : undefined;
      const reason = body?.error ? `${body.errorType ?? 'error'}: ${body.error}` : (err as Error).message;
      throw new Error(`prometheus ${redactUrl(url)}: ${reason}`);
    }
    if (answer.status !== 'success') throw new Error(`prometheus ${redactUrl(url)}: ${answer.error ?? 'query failed'}`);
    return samples(answer.data?.resultType, answer.data?.result);
  },
};

type Sample = { metric?: Record<string, string>; value?: [number, string]; values?: [number, string][] };

function samples(type: string | undefined, result: unknown): Array<Record<string, unknown>> {
  if (type === 'scalar' || type === 'string') {
    const [ts, raw] = (result as [number, string] | undefined) ?? [];
    if (raw === undefined) return [];
    return [{ value: type === 'scalar' ? Number(raw) : raw, timestamp: new Date(Number(ts) * 1000).toISOString() }];
  }
  if (!Array.isArray(result)) return [];
  return (result as Sample[]).map((s) => {
    const point = s.value ?? s.values?.[s.values.length - 1];
    return {
      ...(s.metric ?? {}),
      value: point ? Number(point[1]) : null,
      timestamp: point ? new Date(Number(point[0]) * 1000).toISOString() : null,
    };
  });
}
