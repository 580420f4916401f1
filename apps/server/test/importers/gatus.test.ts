import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateCel } from '../../src/expr/index.js';
import { convertConditions } from '../../src/importers/gatus/conditions.js';
import { planGatusImport } from '../../src/importers/gatus/index.js';
import { type HttpPeer, startHttpPeer } from '../health/checks/httpPeer.js';
import { addPersonWithToken, startTestServer, type TestServer } from '../helpers/index.js';

let server: TestServer;
let peer: HttpPeer;
let tcp: net.Server;
let tcpPort = 0;
let token = '';
let body: Record<string, unknown> = { status: 'UP', items: [1, 2], name: 'my-api' };

beforeAll(async () => {
  tcp = net.createServer((s) => s.end());
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as net.AddressInfo).port;
  [server, peer] = await Promise.all([
    startTestServer(),
    startHttpPeer((req) => (req.path === '/health' ? { json: body } : { text: 'ok' })),
  ]);
  token = (await addPersonWithToken(server.db, { email: 'gatus@example.com', roles: ['admin'] })).token;
});
afterAll(async () => {
  await Promise.all([server?.close(), peer?.close(), new Promise((r) => tcp?.close(r))]);
});

/** A Gatus configuration as its README documents it: alerting providers, endpoints, external endpoints. */
const config = () => `
alerting:
  slack:
    webhook-url: "https://hooks.slack.com/services/T111/B222/gatusSECRET"
    default-alert:
      send-on-resolved: true
  custom:
    url: "${peer.url}/alert"
    method: "POST"
    body: |
      {"text": "[ALERT_TRIGGERED_OR_RESOLVED]: [ENDPOINT_NAME] - [ALERT_DESCRIPTION]"}
  pagerduty:
    integration-key: "pd-key"
endpoints:
  - name: website
    group: core
    url: "${peer.url}/"
    interval: 5m
    conditions:
      - "[STATUS] == 200"
      - "[RESPONSE_TIME] < 5000"
    alerts:
      - type: slack
        failure-threshold: 2
  - name: api-health
    group: core
    url: "${peer.url}/health"
    interval: 30s
    client:
      timeout: 5s
    conditions:
      - "[STATUS] == 200"
      - "[BODY].status == UP"
      - "len([BODY].items) > 1"
      - "[BODY].name == pat(*api*)"
      - "[IP] == 127.0.0.1"
    alerts:
      - type: custom
        send-on-resolved: true
        failure-threshold: 1
      - type: pagerduty
  - name: port
    url: "tcp://127.0.0.1:${tcpPort}"
    conditions: ["[CONNECTED] == true"]
  - name: resolver
    url: "8.8.8.8"
    dns:
      query-name: "example.com"
      query-type: "A"
    conditions: ["[DNS_RCODE] == NOERROR"]
  - name: ssh
    url: "ssh://example.org:22"
    conditions: ["[CONNECTED] == true"]
  - name: cert
    url: "tls://example.org:443"
    conditions: ["[CONNECTED] == true", "[CERTIFICATE_EXPIRATION] > 48h"]
external-endpoints:
  - name: ext-ep-test
    group: core
    token: "potato-1234567890"
`;

describe('Gatus conditions as CEL', () => {
  it('turns each documented placeholder and function into a test on the http result', () => {
    const out = convertConditions(
      [
        '[STATUS] == 200',
        '[RESPONSE_TIME] < 300',
        '[BODY].status == UP',
        '[BODY].data[0].id == 1',
        '[BODY].count > 5',
        'len([BODY].items) > 0',
        'has([BODY].errors) == false',
        '[BODY] == pat(*ok*)',
        '[BODY].env == any(prod, staging)',
        '[CERTIFICATE_EXPIRATION] > 48h',
        '[IP] == 127.0.0.1',
      ],
      'http',
    );
    expect(out.responseCodes).toEqual([200]);
    expect(out.expr).toBe(
      [
        'elapsed < duration("300ms")',
        'string(json.status) == "UP"',
        'double(json.data[0].id) == 1.0',
        'double(json.count) > 5.0',
        'size(json.items) > 0',
        '!has(json.errors)',
        'string(content).matches("^.*ok.*$")',
        '(string(json.env) in ["prod", "staging"])',
        'sslAge > duration("48h")',
      ].join(' && '),
    );
    expect(out.dropped).toEqual([{ condition: '[IP] == 127.0.0.1', why: '[IP] is not carried over' }]);
    expect(convertConditions(['[STATUS] < 300'], 'http').responseCodes).toEqual(
      Array.from({ length: 200 }, (_, i) => 100 + i),
    );
  });

  it('yields CEL the engine evaluates as Gatus would', () => {
    const { expr } = convertConditions(
      ['[BODY].status == UP', 'len([BODY].items) > 1', '[BODY].name == pat(*api*)'],
      'http',
    );
    const env = (json: unknown) => ({ json, content: JSON.stringify(json) });
    expect(evaluateCel(expr as string, env({ status: 'UP', items: [1, 2], name: 'my-api' }))).toBe(true);
    expect(evaluateCel(expr as string, env({ status: 'DOWN', items: [1, 2], name: 'my-api' }))).toBe(false);
    expect(evaluateCel(expr as string, env({ status: 'UP', items: [1], name: 'my-api' }))).toBe(false);
  });
});

describe('Gatus import: the plan', () => {
  it('maps endpoints, external endpoints and alerting, and says what it cannot carry over', () => {
    const plan = planGatusImport(config());
    const byName = Object.fromEntries(plan.canaries.map((c) => [c.metadata.name, c.spec as Record<string, unknown>]));
    expect(Object.keys(byName).sort()).toEqual([
      'cert',
      'core-api-health',
      'core-ext-ep-test',
      'core-website',
      'port',
      'resolver',
    ]);
    expect(byName['core-website']).toMatchObject({
      interval: 300,
      http: [
        {
          name: 'website',
          responseCodes: [200],
          test: { expr: 'elapsed < duration("5000ms")' },
          labels: { group: 'core' },
        },
      ],
    });
    expect(byName['core-api-health']).toMatchObject({ interval: 30, http: [{ timeout: '5s' }] });
    expect(byName.port).toMatchObject({ tcp: [{ endpoint: `127.0.0.1:${tcpPort}` }] });
    expect(byName.resolver).toMatchObject({ dns: [{ server: '8.8.8.8', query: 'example.com', querytype: 'A' }] });
    expect(byName.cert).toMatchObject({ tls: [{ endpoint: 'example.org:443', maxSSLExpiry: 2 }] });
    expect(byName['core-ext-ep-test']).toMatchObject({ webhook: [{ token: { value: 'potato-1234567890' } }] });
    expect(plan.skipped).toEqual(
      expect.arrayContaining([
        { item: 'endpoint "ssh"', message: "Gatus's ssh:// endpoints have no OpsDeck check type" },
        { item: 'alerting provider "pagerduty"', message: "Gatus's pagerduty alerting has no OpsDeck channel" },
        { item: 'pagerduty alerts of 1 endpoint(s)', message: 'no usable alerting.pagerduty provider in the file' },
      ]),
    );
    expect(plan.notes).toContainEqual({
      item: 'endpoint "api-health"',
      message: 'condition "[IP] == 127.0.0.1" is not carried over: [IP] is not carried over',
    });
    const rules = Object.fromEntries(plan.notifications.map((n) => [n.metadata.name, n.spec]));
    expect(rules['gatus-slack-resolved-after-300s']).toMatchObject({
      events: ['check.failed', 'check.passed'],
      waitFor: '300s',
      to: { url: 'slack://hook:T111-B222-gatusSECRET@webhook' },
    });
    expect(rules['gatus-custom-resolved']).toMatchObject({
      events: ['check.failed', 'check.passed'],
      to: { connection: 'connection://gatus/gatus-custom' },
    });
  });

  it('refuses what is not a Gatus configuration', () => {
    expect(() => planGatusImport('foo: [')).toThrow(/invalid YAML/);
    expect(() => planGatusImport('storage: {type: memory}')).toThrow('not a Gatus configuration: it has no endpoints');
  });
});

describe('Gatus import through the API', () => {
  const post = (payload: unknown) =>
    server.fetch('/api/import/gatus', {
      method: 'POST',
      as: null,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(payload),
    });

  it('imports endpoints whose conditions hold and fail as they would in Gatus', async () => {
    const res = await post({ content: config(), namespace: 'status' });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('gatusSECRET');
    const row = await server.db.kysely
      .selectFrom('checks')
      .innerJoin('canaries', 'canaries.id', 'checks.canary_id')
      .select('checks.id')
      .where('canaries.name', '=', 'core-api-health')
      .where('canaries.namespace', '=', 'status')
      .executeTakeFirstOrThrow();
    const run = async () =>
      (await (await server.fetch(`/api/canary/run/check/${row.id}`, { method: 'POST' })).json()) as { pass: boolean };
    expect(await run()).toMatchObject({ pass: true });
    body = { status: 'DOWN', items: [1, 2], name: 'my-api' };
    expect(await run()).toMatchObject({ pass: false });
    body = { status: 'UP', items: [1, 2], name: 'my-api' };
    const rules = await server.db.kysely
      .selectFrom('notifications')
      .select(['name', 'filter'])
      .where('namespace', '=', 'status')
      .execute();
    expect(rules.map((r) => r.name).sort()).toEqual(['gatus-custom-resolved', 'gatus-slack-resolved-after-300s']);
  });
});
