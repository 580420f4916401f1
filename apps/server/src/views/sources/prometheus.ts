import { parseDuration, resolveDateMath, type ViewQuery } from '@opsdeck/schema';
import { redactUrl } from '../../integrations/endpoint.js';
import { createAgent } from '../../integrations/http/client.js';
import { HttpStatusError, requestJson } from '../../integrations/http/json.js';
import { clientCredentialsToken } from '../../integrations/http/oauth2.js';
import type { SourceContext, ViewSource } from './types.js';

type PrometheusSpec = NonNullable<ViewQuery['prometheus']>;

interface PromAnswer {
  status?: string;
  error?: string;
  errorType?: string;
  data?: { resultType?: string; result?: unknown };
}

/** A range query asks for at most this many points per series (as Prometheus itself caps at 11,000). */
const MAX_POINTS = 11_000;

/** `now`, `now-1h` (any date math), `1h` (that long ago), a unix timestamp or an RFC 3339 date, in seconds. */
export function promTime(text: string, now: Date): number {
  const at = resolveDateMath(text, now, { durationAgo: true, unixSeconds: true });
  if (!at) throw new Error(`prometheus: ${JSON.stringify(text)} is not a time`);
  return at.getTime() / 1000;
}

/** The step in seconds: as given, else the range split into about 250 points (at least 1s). */
function stepSeconds(step: string | undefined, start: number, end: number): number {
  let s = Math.max(1, Math.ceil((end - start) / 250));
  if (step) s = /^\d+(\.\d+)?$/.test(step) ? Number(step) : (parseDuration(step) ?? s * 1000) / 1000;
  // never more points than Prometheus answers
  return Math.max(s, (end - start) / MAX_POINTS);
}

/** The Authorization header and TLS client the spec's credentials ask for. */
async function auth(spec: PrometheusSpec, ctx: SourceContext) {
  const env = async (v: unknown) => (v ? await ctx.resolveEnv(v) : undefined);
  const headers: Record<string, string> = {};
  const bearer = await env(spec.bearer);
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (spec.oauth) {
    headers.authorization = await clientCredentialsToken({
      tokenURL: spec.oauth.tokenURL,
      clientId: (await env(spec.oauth.clientID)) ?? '',
      clientSecret: (await env(spec.oauth.clientSecret)) ?? '',
      scopes: spec.oauth.scope,
      params: spec.oauth.params,
      signal: ctx.signal,
      now: ctx.now.getTime(),
    });
  }
  const t = spec.tls;
  const handshake = t?.handshakeTimeout;
  const tls = t
    ? createAgent(
        {
          ca: await env(t.ca),
          cert: await env(t.cert),
          key: await env(t.key),
          insecureSkipVerify: t.insecureSkipVerify,
          // the CRD's integer is Go's nanoseconds
          handshakeTimeoutMs:
            typeof handshake === 'number' ? handshake / 1e6 : handshake ? parseDuration(handshake) : undefined,
        },
        ctx.timeoutMs,
      ).agent
    : undefined;
  return { headers, tls };
}

/**
 * `prometheus`: an instant query (`/api/v1/query`) or, with `range`, a range query
 * (`/api/v1/query_range`) against a Prometheus server's HTTP API. Instant: each sample is a row
 * of its labels plus `value` and `timestamp` (ISO). Range: one row per point of each series.
 * Credentials: the connection's, or `username`/`password` (basic or `digest`), `bearer`, `oauth`
 * client credentials; `tls` sets the CA, client certificate and verification.
 */
export const prometheusSource: ViewSource<'prometheus'> = {
  key: 'prometheus',
  async run(spec, ctx) {
    const stored = spec.connection ? await ctx.resolveConnection(spec.connection) : undefined;
    const url = spec.url || stored?.url;
    if (!url) throw new Error('prometheus: no url (the connection has none)');
    const username = (spec.username ? await ctx.resolveEnv(spec.username) : undefined) || stored?.username;
    const password = (spec.password ? await ctx.resolveEnv(spec.password) : undefined) || stored?.password;
    const { headers, tls } = await auth(spec, ctx);
    const query: [string, string][] = [['query', spec.query]];
    let path = '/api/v1/query';
    if (spec.range) {
      const start = promTime(spec.range.start, ctx.now);
      const end = spec.range.end ? promTime(spec.range.end, ctx.now) : ctx.now.getTime() / 1000;
      if (end <= start) throw new Error('prometheus: range.end must be after range.start');
      path = '/api/v1/query_range';
      query.push(
        ['start', String(start)],
        ['end', String(end)],
        ['step', String(stepSeconds(spec.range.step, start, end))],
      );
    } else {
      query.push(['time', String(ctx.now.getTime() / 1000)]);
    }
    let answer: PromAnswer;
    try {
      answer = (await requestJson(
        { url, username, password, connection: stored },
        { path, query, signal: ctx.signal, headers, dispatcher: tls, digest: spec.digest },
      )) as PromAnswer;
    } catch (err) {
      const body = err instanceof HttpStatusError ? (err.body as PromAnswer | undefined) : undefined;
      const reason = body?.error ? `${body.errorType ?? 'error'}: ${body.error}` : (err as Error).message;
      throw new Error(`prometheus ${redactUrl(url)}: ${reason}`);
    } finally {
      await tls?.close();
    }
    if (answer.status !== 'success') throw new Error(`prometheus ${redactUrl(url)}: ${answer.error ?? 'query failed'}`);
    return samples(answer.data?.resultType, answer.data?.result, Boolean(spec.range));
  },
};

type Sample = { metric?: Record<string, string>; value?: [number, string]; values?: [number, string][] };

const point = (p: [number, string]) => ({
  value: Number(p[1]),
  timestamp: new Date(Number(p[0]) * 1000).toISOString(),
});

/** Rows of an answer: a range query's matrix gives every point; an instant one's, each series' last. */
function samples(type: string | undefined, result: unknown, range: boolean): Array<Record<string, unknown>> {
  if (type === 'scalar' || type === 'string') {
    const [ts, raw] = (result as [number, string] | undefined) ?? [];
    if (raw === undefined) return [];
    return [{ value: type === 'scalar' ? Number(raw) : raw, timestamp: new Date(Number(ts) * 1000).toISOString() }];
  }
  if (!Array.isArray(result)) return [];
  if (type === 'matrix' && range)
    return (result as Sample[]).flatMap((s) => (s.values ?? []).map((p) => ({ ...(s.metric ?? {}), ...point(p) })));
  return (result as Sample[]).map((s) => ({
    ...(s.metric ?? {}),
    ...((v) => (v ? point(v) : { value: null, timestamp: null }))(s.value ?? s.values?.[s.values.length - 1]),
  }));
}
