import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { type DnsCheck, dnsCheckSchema } from '@opsdeck/schema';
import { type CheckType, failure } from './types.js';

/**
 * Resolves `query` as `querytype` and checks the answers: at least `minrecords`, and when
 * `exactreply` is set, exactly those answers in any order (canary-checker's rule). Answers are
 * rendered as canary-checker does: MX `host priority`, SRV `target port priority weight`, TXT as the
 * joined strings. With a `server` the query goes there (UDP, `port` default 53); without one it uses
 * the system configuration, and A/AAAA go through getaddrinfo so /etc/hosts (`localhost`) counts.
 */

type QueryType = NonNullable<DnsCheck['querytype']>;

async function viaResolver(r: dns.Resolver, type: QueryType, query: string): Promise<string[]> {
  switch (type) {
    case 'A':
      return r.resolve4(query);
    case 'AAAA':
      return r.resolve6(query);
    case 'CNAME':
      return r.resolveCname(query);
    case 'MX':
      return (await r.resolveMx(query)).map((m) => `${m.exchange} ${m.priority}`);
    case 'NS':
      return r.resolveNs(query);
    case 'TXT':
      return (await r.resolveTxt(query)).map((parts) => parts.join(''));
    case 'SRV':
      return (await r.resolveSrv(query)).map((s) => `${s.name} ${s.port} ${s.priority} ${s.weight}`);
    case 'PTR':
      if (!isIP(query)) throw new Error(`PTR query must be an IP address, got "${query}"`);
      return r.reverse(query);
  }
}

function describeError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'ENODATA') return 'no such record';
  if (code === 'ETIMEOUT') return 'the DNS server did not answer';
  if (code === 'ECONNREFUSED') return 'connection refused by the DNS server';
  return err instanceof Error ? err.message : String(err);
}

export const dnsCheck: CheckType<DnsCheck> = {
  type: 'dns',
  schema: dnsCheckSchema,
  defaultTimeoutMs: 10_000,
  endpoint: (spec) =>
    `${spec.querytype ?? 'A'}/${spec.query}${spec.server ? `@${spec.server}${spec.port ? `:${spec.port}` : ''}` : ''}`,
  async run(spec, ctx) {
    const type = spec.querytype ?? 'A';
    const where = spec.server ? `${spec.server}:${spec.port ?? 53}` : 'the system resolver';
    const resolver = new dns.Resolver({ timeout: Math.max(1, Math.min(ctx.timeoutMs, 30_000)), tries: 1 });
    if (spec.server) {
      const host = isIP(spec.server) === 6 ? `[${spec.server}]` : spec.server;
      resolver.setServers([`${host}:${spec.port ?? 53}`]);
    }
    const onAbort = () => resolver.cancel();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    let answers: string[];
    try {
      if (!spec.server && (type === 'A' || type === 'AAAA')) {
        const found = await dns.lookup(spec.query, { all: true, family: type === 'A' ? 4 : 6 });
        answers = found.map((a) => a.address);
      } else {
        answers = await viaResolver(resolver, type, spec.query);
      }
    } catch (err) {
      return failure(new Error(`${type} ${spec.query} on ${where}: ${describeError(err)}`));
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
    }
    const data = { records: answers, results: { records: answers, count: answers.length } };
    const min = spec.minrecords ?? 0;
    let problem: string | undefined;
    if (answers.length < min) problem = `returned ${answers.length} results, expecting ${min}`;
    if (spec.exactreply && spec.exactreply.length > 0) {
      const got = [...answers].sort();
      const want = [...spec.exactreply].sort();
      if (got.length !== want.length || got.some((v, i) => v !== want[i])) {
        problem = `got [${got.join(', ')}], expected [${want.join(', ')}]`;
      }
    }
    if (problem) {
      const error = `${type} ${spec.query} on ${where}: ${problem}`;
      return { pass: false, error, message: error, data };
    }
    return { pass: true, message: `got [${answers.join(', ')}]`, data };
  },
};
