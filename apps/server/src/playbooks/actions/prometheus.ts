import { parseDuration, prometheusActionSchema } from '@opsdeck/schema';
import { Agent, fetch } from 'undici';
import type { z } from 'zod';
import { assertConnectionHost } from '../../integrations/connection.js';
import { redactUrl } from '../../integrations/endpoint.js';
import { type ActionType, failed } from './types.js';
import { parseWhen } from './when.js';

type Spec = z.infer<typeof prometheusActionSchema>;

/** Series kept in the result; a bigger answer is cut and says so. */
const MAX_ROWS = 1000;
/** Points a range query asks for when no step is given. */
const DEFAULT_POINTS = 100;

const insecureAgent = new Agent({ connect: { rejectUnauthorized: false } });

interface PromAnswer {
  status?: string;
  error?: string;
  errorType?: string;
  data?: { resultType?: string; result?: unknown };
}
type Series = { metric?: Record<string, string>; value?: [number, string]; values?: [number, string][] };

/**
 * Runs one PromQL query against a Prometheus server's HTTP API: instant (`/api/v1/query`) or, with
 * `range`, over a window (`/api/v1/query_range`). The result is `{query, range?, rows, count}`:
 * a row per series (its labels, `value`, `timestamp`; a range series adds `values`).
 */
export const prometheusAction: ActionType<Spec> = {
  type: 'prometheus',
  schema: prometheusActionSchema,
  async run(spec, ctx) {
    const stored = spec.connection ? await ctx.resolveConnection(spec.connection) : undefined;
    let username = spec.username ? await ctx.resolveEnv(spec.username) : undefined;
    let password = spec.password ? await ctx.resolveEnv(spec.password) : undefined;
    const bearer = spec.bearer ? await ctx.resolveEnv(spec.bearer) : undefined;
    const url = spec.url || stored?.url;
    if (!url) return failed(new Error('prometheus: no url (the connection has none)'));
    if (stored && (stored.username || stored.password)) {
      // the connection's credentials go only to its own host
      if (spec.url) {
        try {
          assertConnectionHost(stored, spec.url, spec.connection as string);
        } catch (err) {
          return failed(err);
        }
      }
      username ??= stored.username;
      password ??= stored.password;
    }
    const now = Date.now();
    const base = new URL(url);
    const query: [string, string][] = [['query', spec.query]];
    let range: { start: string; end: string; step: string } | undefined;
    try {
      if (spec.range) {
        const start = parseWhen(spec.range.start, now) / 1000;
        const end = spec.range.end ? parseWhen(spec.range.end, now) / 1000 : now / 1000;
        if (end <= start) return failed(new Error('prometheus: range.end must be after range.start'));
        const stepMs = spec.range.step ? parseDuration(spec.range.step) : undefined;
        if (spec.range.step && stepMs === undefined)
          return failed(new Error('prometheus: range.step is not a duration'));
        const step = stepMs ? stepMs / 1000 : Math.max(1, Math.ceil((end - start) / DEFAULT_POINTS));
        range = { start: String(start), end: String(end), step: String(step) };
        query.push(['start', range.start], ['end', range.end], ['step', range.step]);
      } else query.push(['time', String(now / 1000)]);
    } catch (err) {
      return failed(new Error(`prometheus: range: ${(err as Error).message}`));
    }
    const target = new URL(`${base.pathname.replace(/\/$/, '')}/api/v1/${range ? 'query_range' : 'query'}`, base);
    for (const [k, v] of query) target.searchParams.append(k, v);
    const user = username ?? (decodeURIComponent(base.username) || undefined);
    const pass = password ?? (decodeURIComponent(base.password) || undefined);
    target.username = '';
    target.password = '';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    else if (user || pass)
      headers.authorization = `Basic ${Buffer.from(`${user ?? ''}:${pass ?? ''}`).toString('base64')}`;
    let answer: PromAnswer;
    try {
      const res = await fetch(target, {
        headers,
        signal: ctx.signal,
        ...(stored?.insecureTls ? { dispatcher: insecureAgent } : {}),
      });
      const text = await res.text();
      try {
        answer = JSON.parse(text) as PromAnswer;
      } catch {
        return failed(new Error(`prometheus ${redactUrl(url)}: ${res.status} ${text.slice(0, 200)}`));
      }
      if (!res.ok || answer.status !== 'success') {
        const why = answer.error ? `${answer.errorType ?? 'error'}: ${answer.error}` : `${res.status}`;
        return failed(new Error(`prometheus ${redactUrl(url)}: ${why}`), { query: spec.query });
      }
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const cause = (err as { cause?: { message?: string } }).cause?.message;
      return failed(new Error(`prometheus ${redactUrl(url)}: ${cause ?? (err as Error).message}`));
    }
    const rows = seriesRows(answer.data?.resultType, answer.data?.result);
    const result: Record<string, unknown> = {
      query: spec.query,
      ...(range ? { range } : {}),
      rows: rows.slice(0, MAX_ROWS),
      count: rows.length,
    };
    if (rows.length > MAX_ROWS) result.truncated = `only the first ${MAX_ROWS} of ${rows.length} series are kept`;
    return { ok: true, result };
  },
};

function seriesRows(type: string | undefined, result: unknown): Array<Record<string, unknown>> {
  if (type === 'scalar' || type === 'string') {
    const [ts, raw] = (result as [number, string] | undefined) ?? [];
    if (raw === undefined) return [];
    return [{ value: type === 'scalar' ? Number(raw) : raw, timestamp: new Date(Number(ts) * 1000).toISOString() }];
  }
  if (!Array.isArray(result)) return [];
  return (result as Series[]).map((s) => {
    const point = s.value ?? s.values?.[s.values.length - 1];
    return {
      ...(s.metric ?? {}),
      value: point ? Number(point[1]) : null,
      timestamp: point ? new Date(Number(point[0]) * 1000).toISOString() : null,
      ...(s.values ? { values: s.values.map(([t, v]) => [new Date(t * 1000).toISOString(), Number(v)]) } : {}),
    };
  });
}
