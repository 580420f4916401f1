import { alertmanagerCheckSchema } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertmanagerCheck } from '../../../src/health/checks/alertmanager.js';
import { type HttpPeer, startHttpPeer } from './httpPeer.js';
import { closedPort, runnerContext } from './runnerContext.js';

const ALERTS: { labels: Record<string, string>; [k: string]: unknown }[] = [
  {
    labels: {
      alertname: 'KubePodCrashLooping',
      namespace: 'shop',
      pod: 'cart-7d9',
      container: 'cart',
      severity: 'warning',
    },
    annotations: { description: 'Pod shop/cart-7d9 is crash looping' },
    fingerprint: 'a1',
    startsAt: '2026-11-22T10:00:00Z',
    status: { state: 'active', silencedBy: [], inhibitedBy: [] },
  },
  {
    labels: { alertname: 'HighLatency', namespace: 'shop', deployment: 'checkout', severity: 'critical' },
    annotations: { summary: 'p99 above 2s' },
    fingerprint: 'b2',
    startsAt: '2026-11-22T10:05:00Z',
    status: { state: 'active', silencedBy: [], inhibitedBy: [] },
  },
  {
    labels: { alertname: 'Watchdog', severity: 'none' },
    annotations: { message: 'always firing' },
    fingerprint: 'c3',
    startsAt: '2026-11-22T09:00:00Z',
    status: { state: 'active', silencedBy: [], inhibitedBy: [] },
  },
];

/** Alertmanager's matcher syntax: label, operator, quoted value. */
function matches(filter: string, labels: Record<string, string>): boolean {
  const m = /^(\w+)(=~|!~|!=|=)"((?:[^"\\]|\\.)*)"$/.exec(filter);
  if (!m) throw new Error(`bad matcher ${filter}`);
  const [, label, op, raw] = m as unknown as [string, string, string, string];
  const value = raw.replace(/\\(.)/g, '$1');
  const actual = labels[label] ?? '';
  if (op === '=') return actual === value;
  if (op === '!=') return actual !== value;
  const re = new RegExp(`^(?:${value})$`);
  return op === '=~' ? re.test(actual) : !re.test(actual);
}

// An Alertmanager API v2 peer that applies the filter matchers the way Alertmanager does (ANDed).
let am: HttpPeer;
beforeAll(async () => {
  am = await startHttpPeer((req) => {
    if (req.path !== '/api/v2/alerts') return { status: 404, text: 'not found' };
    const filters = req.query.getAll('filter');
    for (const f of filters) {
      if (!/^(\w+)(=~|!~|!=|=)"/.test(f)) return { status: 400, json: `bad matcher format: ${f}` };
    }
    return { json: ALERTS.filter((a) => filters.every((f) => matches(f, a.labels))) };
  });
});
afterAll(() => am.close());

const check = (fields: Record<string, unknown> = {}) =>
  alertmanagerCheckSchema.parse({ name: 'am', url: am.url, ...fields });

describe('alertmanager check against an Alertmanager API peer', () => {
  it('lists the active, unsilenced alerts with readable names and messages', async () => {
    const out = await alertmanagerCheck.run(check({ ignore: ['Watchdog'] }), runnerContext());
    expect(out.pass).toBe(true);
    expect(out.message).toBe('2 alerts firing');
    expect(out.data.alerts).toMatchObject([
      {
        name: 'KubePodCrashLooping/shop/cart-7d9/cart',
        message: 'Pod shop/cart-7d9 is crash looping',
        fingerprint: 'a1',
      },
      { name: 'HighLatency/shop/checkout', message: 'p99 above 2s', fingerprint: 'b2' },
    ]);
    const sent = am.requests.at(-1)?.query;
    expect(sent?.get('silenced')).toBe('false');
    expect(sent?.get('inhibited')).toBe('false');
  });

  it('matches any of several alert names and label filters', async () => {
    const out = await alertmanagerCheck.run(
      check({ alerts: ['KubePod.*', 'Watchdog'], filters: { severity: 'warn.*|none' } }),
      runnerContext(),
    );
    expect((out.data.alerts as { fingerprint: string }[]).map((a) => a.fingerprint)).toEqual(['a1', 'c3']);
  });

  it('leaves out exclude_filters matches', async () => {
    const out = await alertmanagerCheck.run(check({ exclude_filters: { namespace: 'shop' } }), runnerContext());
    expect(out.data.count).toBe(1);
  });

  it('fails when Alertmanager cannot be reached', async () => {
    const port = await closedPort();
    const out = await alertmanagerCheck.run(check({ url: `http://127.0.0.1:${port}` }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
  });

  it('refuses unknown fields by name', () => {
    const out = alertmanagerCheckSchema.safeParse({ name: 'am', url: 'http://x', excludeFilters: {} });
    expect(out.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['excludeFilters'] });
  });
});
