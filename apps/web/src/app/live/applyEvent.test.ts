import type { CheckSummary } from '@opsdeck/schema';
import type { LiveEvents } from '@opsdeck/schema/live';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryData } from '../../features/health/api.js';
import { COALESCE_MS, LiveCache } from './applyEvent.js';

const row = (id: string, status: CheckSummary['status'], last_runtime: string): CheckSummary => ({
  id,
  canary_id: 'c',
  canary_name: 'c',
  canary_namespace: 'default',
  agent_id: '00000000-0000-0000-0000-000000000000',
  name: id,
  namespace: 'default',
  type: 'http',
  labels: {},
  status,
  uptime: { passed: 1, failed: 0 },
  latency: { rolling1h: 5 },
  last_runtime,
});

describe('LiveCache', () => {
  let client: QueryClient;
  let cache: LiveCache;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    cache = new LiveCache(client);
  });
  afterEach(() => {
    cache.dispose();
    vi.useRealTimers();
  });

  it('patches the summaries in place and keeps untouched rows as they were', () => {
    const a = row('a', 'healthy', '2026-01-01T00:00:00.000Z');
    const b = row('b', 'healthy', '2026-01-01T00:00:00.000Z');
    client.setQueryData(['health', 'summary', '1h', null, 'all'], { checks: [a, b], total: 2 });
    const results: LiveEvents['check.results'] = {
      results: [{ check_id: 'a', status: 'unhealthy', time: '2026-01-01T00:01:00.000Z', duration: 3 }],
    };
    cache.apply('check.results', results);
    const rows = client.getQueryData<SummaryData>(['health', 'summary', '1h', null, 'all'])?.checks ?? [];
    expect(rows[0]).toMatchObject({ id: 'a', status: 'unhealthy', last_runtime: '2026-01-01T00:01:00.000Z' });
    expect(rows[1]).toBe(b);
    // a late, older result does not overwrite the newer one
    cache.apply('check.results', {
      results: [{ check_id: 'a', status: 'healthy', time: '2026-01-01T00:00:30.000Z', duration: 3 }],
    });
    expect(client.getQueryData<SummaryData>(['health', 'summary', '1h', null, 'all'])?.checks[0]?.status).toBe(
      'unhealthy',
    );
  });

  it('coalesces invalidations of what changed', () => {
    const spy = vi.spyOn(client, 'invalidateQueries');
    for (let i = 0; i < 20; i++) cache.apply('incident', { id: 'i1', op: 'update', status: 'open' });
    cache.apply('playbook_run', { id: 'r1', status: 'running' });
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(COALESCE_MS);
    const keys = spy.mock.calls.map((c) => c[0]?.queryKey);
    expect(keys).toContainEqual(['incidents', 'i1']);
    expect(keys).toContainEqual(['playbooks', 'run', 'r1']);
  });

  it('marks loaded live data stale when a fresh stream opens, leaving other queries alone', () => {
    client.setQueryData(['playbooks', 'run', 'r1'], { id: 'r1', status: 'running' });
    client.setQueryData(['settings', 'x'], { a: 1 });
    cache.resync();
    expect(client.getQueryState(['playbooks', 'run', 'r1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['settings', 'x'])?.isInvalidated).toBe(false);
  });

  it('leaves a summary a page shows fresh when a fresh stream opens, and reads again the rest it shows', () => {
    const summary = ['health', 'summary', '1h', null, 'failing'];
    const history = ['health', 'history', 'a'];
    const run = ['playbooks', 'run', 'r1'];
    client.setQueryData(summary, { checks: [], total: 0 });
    client.setQueryData(history, []);
    client.setQueryData(run, { status: 'running' });
    const fresh = new QueryObserver(client, { queryKey: summary, queryFn: () => ({}), staleTime: 10_000 });
    const stale = new QueryObserver(client, {
      queryKey: history,
      queryFn: () => [],
      staleTime: 0,
      refetchOnMount: false,
    });
    // a run page read just now: the run may have ended before the stream opened, and no event will say so again
    const shown = new QueryObserver(client, {
      queryKey: run,
      queryFn: () => ({ status: 'completed' }),
      staleTime: 10_000,
    });
    const unsubscribe = [fresh.subscribe(() => {}), stale.subscribe(() => {}), shown.subscribe(() => {})];
    cache.resync();
    // the summary the page has just read is not asked for a second time
    expect(client.getQueryState(summary)?.isInvalidated).toBe(false);
    expect(client.getQueryState(history)?.isInvalidated).toBe(true);
    expect(client.getQueryState(run)?.isInvalidated).toBe(true);
    for (const u of unsubscribe) u();
  });
});
