import { convertConditions } from './conditions.js';

/** An endpoint of a Gatus configuration (the fields OpsDeck reads). */
export interface GatusEndpoint {
  name?: string;
  group?: string;
  enabled?: boolean;
  url?: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  interval?: string;
  conditions?: string[];
  dns?: { 'query-name'?: string; 'query-type'?: string };
  client?: { insecure?: boolean; timeout?: string };
  alerts?: GatusAlert[];
}

export interface GatusAlert {
  type?: string;
  enabled?: boolean;
  'failure-threshold'?: number;
  'send-on-resolved'?: boolean;
  description?: string;
}

export interface MappedEndpoint {
  type: string;
  check: Record<string, unknown>;
  notes: string[];
}

const DNS_TYPES = new Set(['A', 'AAAA', 'CNAME', 'MX', 'PTR', 'SRV', 'TXT', 'NS']);

/** Seconds of a Go duration such as "30s", "5m", "1h30m"; undefined when it is not one. */
export function goSeconds(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const m = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+)s)?(?:(\d+)ms)?$/.exec(text.trim());
  if (!m?.slice(1).some(Boolean)) return undefined;
  const [h, mi, s, ms] = m.slice(1).map((v) => Number(v ?? 0));
  return (h as number) * 3600 + (mi as number) * 60 + (s as number) + (ms as number) / 1000;
}

function dnsCheck(e: GatusEndpoint): Record<string, unknown> | { skip: string } {
  const qtype = (e.dns?.['query-type'] ?? 'A').toUpperCase();
  if (!DNS_TYPES.has(qtype)) return { skip: `DNS record type ${qtype} is not one OpsDeck queries` };
  if (!e.dns?.['query-name']) return { skip: 'its dns block has no query-name' };
  const m = /^(?:udp:\/\/|tcp:\/\/)?(\[[^\]]+\]|[^:/]+)(?::(\d+))?$/.exec(e.url ?? '');
  if (!m) return { skip: `its DNS server "${e.url}" is not host[:port]` };
  return {
    server: m[1]?.replace(/^\[|\]$/g, ''),
    ...(m[2] && m[2] !== '53' ? { port: Number(m[2]) } : {}),
    query: e.dns['query-name'].replace(/\.$/, ''),
    querytype: qtype,
  };
}

/** Maps an endpoint onto a check (type, fields), or says why it cannot be carried over. */
export function gatusCheck(e: GatusEndpoint): MappedEndpoint | { skip: string } {
  const url = e.url ?? '';
  const notes: string[] = [];
  const conditions = [...(e.conditions ?? [])].map(String);
  let type: string;
  let check: Record<string, unknown>;
  if (e.dns) {
    const d = dnsCheck(e);
    if ('skip' in d) return d as { skip: string };
    type = 'dns';
    check = d;
  } else if (/^https?:\/\//i.test(url)) {
    type = 'http';
    check = {
      url,
      ...(e.method && e.method.toUpperCase() !== 'GET' ? { method: e.method.toUpperCase() } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.headers
        ? { headers: Object.entries(e.headers).map(([name, value]) => ({ name, value: String(value) })) }
        : {}),
      ...(e.client?.insecure ? { tlsConfig: { insecureSkipVerify: true } } : {}),
    };
    if (!conditions.some((c) => String(c).includes('[STATUS]'))) {
      notes.push('it has no [STATUS] condition: OpsDeck expects a 2xx answer unless told otherwise');
    }
  } else if (/^tcp:\/\//i.test(url)) {
    type = 'tcp';
    check = { endpoint: url.slice('tcp://'.length) };
  } else if (/^icmp:\/\//i.test(url)) {
    type = 'icmp';
    check = { endpoint: url.slice('icmp://'.length) };
  } else if (/^tls:\/\//i.test(url)) {
    type = 'tls';
    check = { endpoint: url.slice('tls://'.length) };
    // "[CERTIFICATE_EXPIRATION] > 48h" is the tls check's own maxSSLExpiry (in days)
    const expiry = conditions
      .map((c) => /^\[CERTIFICATE_EXPIRATION\]\s*>=?\s*(\S+)$/.exec(String(c).trim()))
      .find(Boolean);
    const seconds = goSeconds(expiry?.[1]);
    if (expiry && seconds !== undefined) {
      check.maxSSLExpiry = Math.ceil(seconds / 86_400);
      conditions.splice(conditions.indexOf(expiry.input), 1);
    }
  } else {
    const scheme = /^([a-z0-9+.-]+):\/\//i.exec(url)?.[1];
    return {
      skip: scheme ? `Gatus's ${scheme}:// endpoints have no OpsDeck check type` : 'it has no URL OpsDeck can check',
    };
  }
  const converted = convertConditions(conditions, type === 'http' ? 'http' : 'other');
  if (converted.responseCodes) check.responseCodes = converted.responseCodes;
  if (converted.expr) check.test = { expr: converted.expr };
  for (const d of converted.dropped) notes.push(`condition "${d.condition}" is not carried over: ${d.why}`);
  const timeout = goSeconds(e.client?.timeout);
  if (timeout) check.timeout = `${timeout}s`;
  return { type, check, notes };
}
