import { type HttpCheck, httpCheckSchema, parseDuration } from '@opsdeck/schema';
import { ExprDuration, queryJsonPath, renderTemplate } from '../../expr/index.js';
import { redactUrl, resolveEndpoint } from '../../integrations/endpoint.js';
import { type ClientTls, type HttpResponse, runDispatcher, send } from '../../integrations/http/client.js';
import { digestAuthorization, parseDigestChallenge } from '../../integrations/http/digest.js';
import { clientCredentialsToken } from '../../integrations/http/oauth2.js';
import { daysUntil } from '../../integrations/net.js';
import { VERSION } from '../../version.js';
import { signAwsSigV4 } from './lib/awsSigV4.js';
import { crawl } from './lib/crawl.js';
import { type CheckContext, type CheckType, failure } from './types.js';

/**
 * Requests a URL and checks what came back, as canary-checker's http check: status in
 * `responseCodes` (any 2xx by default), `responseContent` in the body, `responseJSONContent`,
 * at least `maxSSLExpiry` days of certificate validity. Auth: basic (username/password), digest,
 * OAuth2 client credentials; client TLS from `tlsConfig`; redirects up to `maxRedirects` (10).
 * Sends `User-Agent: OpsDeck/<version>` unless `headers` set one. Expressions see `code`,
 * `headers`, `content`, `json`, `sslAge` and `elapsed` (durations), `url`.
 */

/**
 * Ends a run's https agent. Destroying an undici dispatcher without a reason makes a new
 * ClientDestroyedError, whose stack Node's stream code formats (through source maps under tsx):
 * a tenth of the CPU of a plain check run. One reason, made once, serves every run.
 */
const RUN_FINISHED = new Error('http check run finished');

/** Canonical header names seen so far: the same few dozen names come back on every run. */
const canonicalNames = new Map<string, string>();

/** Header names in Go's canonical form (`content-type` -> `Content-Type`), as reference specs use. */
function canonicalHeaders(headers: HttpResponse['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in headers) {
    const v = headers[k] as string | string[];
    let name = canonicalNames.get(k);
    if (name === undefined) {
      name = k.replace(/(^|-)([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
      if (canonicalNames.size >= 1000) canonicalNames.clear();
      canonicalNames.set(k, name);
    }
    out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function parseJson(res: HttpResponse): unknown {
  const type = String(res.headers['content-type'] ?? '');
  const text = res.body.trim();
  if (!type.includes('json') && !/^[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function clientTls(spec: HttpCheck, ctx: CheckContext, insecure?: boolean, ca?: string): Promise<ClientTls> {
  const t = spec.tlsConfig;
  // no tlsConfig (most checks): nothing to resolve
  if (!t) return { ca, insecureSkipVerify: insecure };
  const env = async (v: unknown) => (v ? await ctx.resolveEnv(v) : undefined);
  return {
    ca: (await env(t?.ca)) ?? ca,
    cert: await env(t?.cert),
    key: await env(t?.key),
    insecureSkipVerify: t?.insecureSkipVerify ?? insecure,
    handshakeTimeoutMs: t?.handshakeTimeout ? parseDuration(t.handshakeTimeout) : undefined,
  };
}

async function requestBody(spec: HttpCheck, ctx: CheckContext): Promise<string | undefined> {
  if (spec.body === undefined) return undefined;
  if (!spec.templateBody) return spec.body;
  const env: Record<string, string> = {};
  for (const e of spec.env ?? []) env[e.name as string] = (await ctx.resolveEnv(e)) ?? '';
  return renderTemplate(spec.body, env);
}

/** Why the response fails the check's built-in assertions, or undefined. */
function assertionFailure(spec: HttpCheck, res: HttpResponse, json: unknown, expiryDays?: number): string | undefined {
  const codes = spec.responseCodes;
  if (codes?.length ? !codes.includes(res.status) : res.status < 200 || res.status > 299) {
    const expected = codes?.length ? codes.join(', ') : '2xx';
    const where =
      res.status >= 300 && res.status < 400 && res.headers.location ? ` (Location: ${res.headers.location})` : '';
    return `response code ${res.status} not expected (${expected})${where}`;
  }
  if (spec.responseContent && !res.body.includes(spec.responseContent)) {
    return `expected response to contain "${spec.responseContent}"`;
  }
  if (spec.responseJSONContent) {
    const { path, value } = spec.responseJSONContent;
    const got = json === undefined ? undefined : queryJsonPath(path, json);
    if (String(got) !== value) return `${path} is ${JSON.stringify(got)}, expected ${JSON.stringify(value)}`;
  }
  if (spec.maxSSLExpiry !== undefined && expiryDays !== undefined && expiryDays < spec.maxSSLExpiry) {
    return `SSL certificate expires in ${expiryDays} days, under ${spec.maxSSLExpiry}`;
  }
  return undefined;
}

export const httpCheck: CheckType<HttpCheck> = {
  type: 'http',
  schema: httpCheckSchema,
  defaultTimeoutMs: 30_000,
  endpoint: (spec) => redactUrl(spec.url || spec.endpoint || spec.connection || ''),
  async run(spec, ctx) {
    const endpoint = await resolveEndpoint(spec.url || !spec.endpoint ? spec : { ...spec, url: spec.endpoint }, ctx);
    if (!endpoint.url) return failure(new Error('no url: set url or a connection with a url'));
    const url = endpoint.url;
    const conn = endpoint.connection;
    const agent = runDispatcher(await clientTls(spec, ctx, conn?.insecureTls, conn?.certificate), ctx.timeoutMs);
    try {
      const method = spec.method ?? 'GET';
      // Identify ourselves unless the check's own `headers` set a User-Agent.
      const headers: Record<string, string> = { 'user-agent': `OpsDeck/${VERSION}` };
      for (const h of spec.headers ?? []) headers[(h.name as string).toLowerCase()] = (await ctx.resolveEnv(h)) ?? '';
      const body = await requestBody(spec, ctx);
      const { username = '', password = '' } = endpoint;
      if (spec.oauth2) {
        headers.authorization = await clientCredentialsToken({
          tokenURL: spec.oauth2.tokenURL,
          clientId: username,
          clientSecret: password,
          scopes: spec.oauth2.scope,
          params: spec.oauth2.params,
          signal: ctx.signal,
          now: ctx.now().getTime(),
        });
      } else if (!spec.digest && (username || password) && !headers.authorization) {
        headers.authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
      }
      if (spec.awsSigV4) await signAwsSigV4(spec.awsSigV4, { url: endpoint.url, method, headers, body }, ctx);
      const maxRedirects = spec.maxRedirects ?? 10;
      const started = performance.now();
      const opts = { method, headers, body, maxRedirects, signal: ctx.signal };
      let res = await send(agent, endpoint.url, opts);
      if (spec.digest && res.status === 401) {
        const challenge = parseDigestChallenge(res.headers['www-authenticate']);
        if (!challenge) return failure(new Error(`${redactUrl(url)}: 401 without a Digest challenge`));
        const u = new URL(res.url);
        headers.authorization = digestAuthorization(challenge, { username, password }, method, u.pathname + u.search);
        res = await send(agent, res.url, opts);
      }
      const elapsed = Math.round(performance.now() - started);
      const json = parseJson(res);
      const cert = agent.certificate();
      const sslAgeMs = cert ? cert.validTo.getTime() - ctx.now().getTime() : undefined;
      const expiryDays = cert ? daysUntil(cert.validTo, ctx.now()) : undefined;
      const data: Record<string, unknown> = {
        code: res.status,
        headers: canonicalHeaders(res.headers),
        content: res.body,
        // A duration, as canary-checker types it (`elapsed < duration("1s")`, `elapsed.getMilliseconds()`).
        elapsed: new ExprDuration(elapsed),
        url: res.url,
        ...(json !== undefined ? { json } : {}),
        ...(sslAgeMs !== undefined ? { sslAge: new ExprDuration(sslAgeMs) } : {}),
      };
      const metrics = expiryDays !== undefined ? [{ name: 'ssl_certificate_expiry_days', value: expiryDays }] : [];
      const detail = { code: res.status, url: res.url, redirects: res.redirects, elapsed, sslExpiryDays: expiryDays };
      const problem = assertionFailure(spec, res, json, expiryDays);
      if (!problem && spec.crawl) {
        const report = await crawl(spec.crawl, res, agent, { headers, signal: ctx.signal });
        data.crawl = report;
        const first = report.broken[0];
        if (first) {
          const error = `${report.broken.length} broken link(s) of ${report.pages} pages: ${first.url} (${first.status}, linked from ${first.from})`;
          return { pass: false, error, message: error, data, metrics, detail };
        }
      }
      if (problem)
        return { pass: false, error: `${redactUrl(url)}: ${problem}`, message: problem, data, metrics, detail };
      return { pass: true, message: `${res.status} in ${elapsed}ms`, data, metrics, detail };
    } catch (err) {
      const cause = (err as { cause?: Error }).cause;
      const why = err instanceof Error ? `${err.message}${cause?.message ? `: ${cause.message}` : ''}` : String(err);
      return failure(new Error(`${redactUrl(url)}: ${why}`));
    } finally {
      agent.release(RUN_FINISHED);
    }
  },
};
