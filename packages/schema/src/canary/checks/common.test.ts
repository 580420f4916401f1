import { describe, expect, it } from 'vitest';
import { httpCheckSchema } from './http.js';
import { execCheckSchema, folderCheckSchema } from './local.js';
import { dnsCheckSchema, tcpCheckSchema } from './network.js';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('common check fields', () => {
  it("accept canary-checker's fields", () => {
    const r = httpCheckSchema.safeParse({
      name: 'api',
      description: 'Orders API',
      labels: { team: 'shop' },
      url: 'https://api.example.com/health',
      username: { value: 'u' },
      password: { valueFrom: { secretKeyRef: { name: 'api', key: 'password' } } },
      test: { expr: 'code == 200' },
      display: { template: '{{ .code }}' },
      transform: { jsonPath: '$.items' },
      retries: { maxRetries: 3, delay: '1s', interval: '500ms', timeout: '1m' },
      metrics: [{ name: 'items', type: 'gauge', value: 'json.items.size()', labels: [{ name: 'env', value: 'prod' }] }],
      dependsOn: ['login'],
      thresholdMillis: 500,
      timeout: 10,
    });
    expect(issues(r)).toEqual([]);
  });

  it('refuse unknown fields and wrong types, naming the path', () => {
    expect(issues(httpCheckSchema.safeParse({ name: 'a', url: 'http://x', responseCodes: 200 }))).toEqual([
      'responseCodes: Invalid input: expected array, received number',
    ]);
    expect(issues(tcpCheckSchema.safeParse({ name: 'a', endpoint: 'x:1', colour: 'red' }))).toEqual([
      ': Unrecognized key: "colour"',
    ]);
    expect(issues(tcpCheckSchema.safeParse({ endpoint: 'x:1' }))).toEqual([
      'name: Invalid input: expected string, received undefined',
    ]);
  });

  it('refuse ambiguous env sources and expressions', () => {
    expect(
      issues(httpCheckSchema.safeParse({ name: 'a', url: 'http://x', password: { value: 'p', valueFrom: {} } })),
    ).toEqual(['password: set either value or valueFrom, not both']);
    expect(
      issues(execCheckSchema.safeParse({ name: 'a', script: 'true', test: { expr: 'true', template: 'x' } })),
    ).toEqual(['test: set only one of expr, template, jsonPath or javascript']);
    expect(issues(execCheckSchema.safeParse({ name: 'a', script: 'true', env: [{ value: 'x' }] }))).toEqual([
      'env.0.name: name is required',
    ]);
  });
});

describe('per-type rules', () => {
  it('http needs a url or connection, and no body on HEAD (GET may carry one)', () => {
    expect(issues(httpCheckSchema.safeParse({ name: 'a' }))).toEqual(['url: an http check needs url or connection']);
    expect(httpCheckSchema.safeParse({ name: 'a', url: 'http://x', body: '{}' }).success).toBe(true);
    expect(issues(httpCheckSchema.safeParse({ name: 'a', url: 'http://x', method: 'head', body: '{}' }))).toEqual([
      'body: a HEAD request has no body',
    ]);
    expect(httpCheckSchema.parse({ name: 'a', url: 'http://x', method: 'post', body: '{}' }).method).toBe('POST');
    expect(issues(httpCheckSchema.safeParse({ name: 'a', url: 'http://x', ntlm: true }))).toEqual([
      'ntlm: NTLM authentication is not supported: it needs its handshake on one kept connection, which OpsDeck does not do; use basic, digest or oauth2',
    ]);
  });

  it('tcp needs host:port with a valid port', () => {
    expect(issues(tcpCheckSchema.safeParse({ name: 'a', endpoint: 'db.local' }))).toEqual([
      'endpoint: expected host:port',
    ]);
    expect(issues(tcpCheckSchema.safeParse({ name: 'a', endpoint: 'db.local:70000' }))).toEqual([
      'endpoint: port must be between 1 and 65535',
    ]);
    expect(tcpCheckSchema.safeParse({ name: 'a', endpoint: '[::1]:5432' }).success).toBe(true);
  });

  it('dns upper-cases the query type and refuses unknown ones', () => {
    expect(dnsCheckSchema.parse({ name: 'a', query: 'x', querytype: 'mx' }).querytype).toBe('MX');
    expect(issues(dnsCheckSchema.safeParse({ name: 'a', query: 'x', querytype: 'SOA' }))).toEqual([
      'querytype: querytype must be one of A, AAAA, CNAME, MX, PTR, SRV, TXT, NS',
    ]);
  });

  it('folder validates durations, sizes and regexes', () => {
    expect(
      issues(
        folderCheckSchema.safeParse({ name: 'a', path: '/x', maxAge: 'old', minSize: 'big', filter: { regex: '(' } }),
      ),
    ).toEqual([
      'filter.regex: invalid regular expression',
      'maxAge: expected a duration such as 500ms, 30s, 1m30s, 2h or 7d',
      'minSize: expected a size such as 512, 10Ki, 10Mi or 1Gi',
    ]);
  });
});
