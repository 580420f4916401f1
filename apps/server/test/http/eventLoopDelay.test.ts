import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer();
}, 180_000);
afterAll(async () => {
  await second?.close();
});

/** The event-loop delay quantiles on /metrics, in seconds. */
const delay = async (server: TestServer): Promise<Record<string, number>> => {
  const res = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  const out: Record<string, number> = {};
  for (const m of res.body.matchAll(/^opsdeck_event_loop_delay_seconds\{quantile="([\d.]+)"\} (\S+)$/gm)) {
    out[m[1] as string] = Number(m[2]);
  }
  return out;
};

describe('event-loop delay on /metrics', () => {
  it('shows a stall of the event loop as the maximum delay since the previous scrape', async () => {
    await delay(first);
    // the monitor's first tick after a reset only starts its clock
    await new Promise((r) => setTimeout(r, 30));
    const until = Date.now() + 80;
    while (Date.now() < until) {} // a stall: nothing else runs for 80 ms
    await new Promise((r) => setTimeout(r, 30));
    const stalled = await delay(first);
    expect(stalled['1']).toBeGreaterThanOrEqual(0.06);
    expect(stalled['0.5']).toBeLessThanOrEqual(stalled['0.99'] as number);
    expect(stalled['0.99']).toBeLessThanOrEqual(stalled['1'] as number);
  });

  it('keeps measuring for the other servers of the process after one closes', async () => {
    await first.close();
    await new Promise((r) => setTimeout(r, 100));
    const after = await delay(second);
    expect(Object.keys(after).sort()).toEqual(['0.5', '0.99', '1']);
    expect(after['1']).toBeLessThan(60);
  });
});
