import type { PlannedConnection } from '../plan.js';

/** A monitor of a Kuma backup's `monitorList` (the fields OpsDeck reads). */
export interface KumaMonitor {
  id?: number;
  name?: string;
  description?: string | null;
  type?: string;
  url?: string | null;
  method?: string | null;
  body?: string | null;
  headers?: string | null;
  hostname?: string | null;
  port?: number | null;
  interval?: number | null;
  retryInterval?: number | null;
  maxretries?: number | null;
  timeout?: number | null;
  keyword?: string | null;
  invertKeyword?: boolean | number | null;
  jsonPath?: string | null;
  expectedValue?: string | null;
  ignoreTls?: boolean | number | null;
  upsideDown?: boolean | number | null;
  maxredirects?: number | null;
  accepted_statuscodes?: string[] | null;
  dns_resolve_type?: string | null;
  dns_resolve_server?: string | null;
  pushToken?: string | null;
  authMethod?: string | null;
  basic_auth_user?: string | null;
  basic_auth_pass?: string | null;
  databaseConnectionString?: string | null;
  databaseQuery?: string | null;
  active?: boolean | number | null;
  parent?: number | null;
  tags?: Array<{ name?: string; value?: string | null }> | null;
  notificationIDList?: Record<string, boolean> | null;
}

/** A check of one canary made from a monitor: its spec list name and fields, plus a connection it needs. */
export interface MappedMonitor {
  type: string;
  check: Record<string, unknown>;
  connection?: Omit<PlannedConnection, 'name' | 'namespace'>;
  notes: string[];
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1';
const DNS_TYPES = new Set(['A', 'AAAA', 'CNAME', 'MX', 'PTR', 'SRV', 'TXT', 'NS']);
const SQL: Record<string, { check: string; connection: string }> = {
  postgres: { check: 'postgres', connection: 'postgres' },
  mysql: { check: 'mysql', connection: 'mysql' },
  sqlserver: { check: 'mssql', connection: 'sql_server' },
};

/** "200-299" and "301" -> status codes; the default ["200-299"] needs none. */
function statusCodes(list: string[] | null | undefined): number[] | undefined {
  if (!list?.length || (list.length === 1 && list[0] === '200-299')) return undefined;
  const out = new Set<number>();
  for (const item of list) {
    const m = /^(\d{3})(?:-(\d{3}))?$/.exec(String(item).trim());
    if (!m) continue;
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    for (let c = Math.max(100, from); c <= Math.min(599, to); c++) out.add(c);
  }
  return [...out];
}

function headerList(json: string | null | undefined, notes: string[]): Array<{ name: string; value: string }> {
  if (!json?.trim()) return [];
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(parsed).map(([name, value]) => ({ name, value: String(value) }));
  } catch {
    notes.push('its headers are not a JSON object and were left out');
    return [];
  }
}

/** A `$.a.b[0]` / `a.b` path as a CEL selection on `json`, or undefined when it is a JSONata expression. */
function jsonSelection(path: string): string | undefined {
  const p = path.trim().replace(/^\$\.?/, '');
  if (!p) return 'json';
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\[\d+\]|\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(p)) return undefined;
  return `json.${p}`;
}

function httpCheck(m: KumaMonitor, notes: string[]): Record<string, unknown> | { skip: string } {
  if (!m.url) return { skip: 'it has no URL' };
  if (m.authMethod && m.authMethod !== 'basic' && m.authMethod !== 'null')
    return { skip: `its ${m.authMethod} authentication is not carried over` };
  const check: Record<string, unknown> = { url: m.url };
  if (m.method && m.method.toUpperCase() !== 'GET') check.method = m.method.toUpperCase();
  if (m.body) check.body = m.body;
  const headers = headerList(m.headers, notes);
  if (headers.length) check.headers = headers;
  const codes = statusCodes(m.accepted_statuscodes);
  if (codes) check.responseCodes = codes;
  if (truthy(m.ignoreTls)) check.tlsConfig = { insecureSkipVerify: true };
  if (typeof m.maxredirects === 'number') check.maxRedirects = Math.min(50, Math.max(0, m.maxredirects));
  if (m.authMethod === 'basic' && m.basic_auth_user) {
    check.username = { value: m.basic_auth_user };
    check.password = { value: m.basic_auth_pass ?? '' };
  }
  if (m.type === 'keyword' && m.keyword) {
    if (truthy(m.invertKeyword)) check.test = { expr: `!content.contains(${JSON.stringify(m.keyword)})` };
    else check.responseContent = m.keyword;
  }
  if (m.type === 'json-query') {
    const sel = jsonSelection(m.jsonPath ?? '');
    if (!sel)
      return { skip: `its JSON query "${m.jsonPath}" is a JSONata expression; only plain paths are carried over` };
    check.test = { expr: `string(${sel}) == ${JSON.stringify(m.expectedValue ?? '')}` };
  }
  return check;
}

/** Maps one monitor onto a check, or says why it cannot be carried over. */
export function kumaCheck(m: KumaMonitor, interval: number): MappedMonitor | { skip: string } {
  const notes: string[] = [];
  const type = m.type ?? '';
  if (truthy(m.upsideDown))
    return { skip: 'upside-down mode (pass when the target is down) has no OpsDeck equivalent' };
  const done = (
    t: string,
    check: Record<string, unknown> | { skip: string },
    connection?: MappedMonitor['connection'],
  ) => ('skip' in check ? (check as { skip: string }) : { type: t, check, connection, notes });
  switch (type) {
    case 'http':
    case 'keyword':
    case 'json-query':
      return done('http', httpCheck(m, notes));
    case 'port':
      if (!m.hostname || !m.port) return { skip: 'it has no hostname or port' };
      return done('tcp', { endpoint: `${m.hostname.includes(':') ? `[${m.hostname}]` : m.hostname}:${m.port}` });
    case 'ping':
      if (!m.hostname) return { skip: 'it has no hostname' };
      return done('icmp', { endpoint: m.hostname });
    case 'dns': {
      if (!m.hostname) return { skip: 'it has no hostname' };
      const qtype = (m.dns_resolve_type ?? 'A').toUpperCase();
      if (!DNS_TYPES.has(qtype)) return { skip: `DNS record type ${qtype} is not one OpsDeck queries` };
      return done('dns', {
        query: m.hostname,
        querytype: qtype,
        ...(m.dns_resolve_server ? { server: m.dns_resolve_server } : {}),
        ...(m.port && m.port !== 53 ? { port: m.port } : {}),
      });
    }
    case 'push': {
      if (!m.pushToken || !/^[A-Za-z0-9_-]{10,128}$/.test(m.pushToken))
        return { skip: 'it has no push token OpsDeck can keep (10-128 letters, digits, - or _)' };
      notes.push(`pushers keep their token: send them to <OpsDeck>/api/push/${m.pushToken}?status=up&msg=OK`);
      return done('webhook', { token: { value: m.pushToken }, maxAge: interval });
    }
    case 'postgres':
    case 'mysql':
    case 'sqlserver':
    case 'redis': {
      if (!m.databaseConnectionString) return { skip: 'it has no connection string' };
      const sql = SQL[type];
      if (!sql) return done('redis', {}, { type: 'redis', url: m.databaseConnectionString });
      return done(sql.check, m.databaseQuery?.trim() ? { query: m.databaseQuery } : {}, {
        type: sql.connection,
        url: m.databaseConnectionString,
      });
    }
    case 'group':
      return { skip: 'groups become the "group" label of their monitors' };
    default:
      return { skip: `Kuma's "${type || 'untyped'}" monitors have no OpsDeck check type` };
  }
}
