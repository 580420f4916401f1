import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePingOutput } from '../../../src/health/checks/icmp.js';
import { executeCheck } from '../../../src/health/execute.js';
import { runnerContext } from './runnerContext.js';

const hasPing = existsSync('/usr/bin/ping');
if (!hasPing && process.env.REQUIRE_SERVICES === '1') throw new Error('/usr/bin/ping is required (iputils-ping)');
const ctx = () => runnerContext();

describe.skipIf(!hasPing)('icmp check with the system ping', () => {
  it('passes against 127.0.0.1 with no loss and reports round trips', async () => {
    const r = await executeCheck(
      'icmp',
      { name: 'lo', endpoint: '127.0.0.1', packetCount: 2, test: { expr: 'packetLoss == 0 && avg < 50.0' } },
      ctx(),
    );
    expect(r.pass).toBe(true);
    expect(r.message).toMatch(/^2\/2 replies, avg [\d.]+ms$/);
    expect(r.data.results).toMatchObject({ transmitted: 2, received: 2, packetLoss: 0 });
  });

  it('fails on a name that does not resolve', async () => {
    const r = await executeCheck('icmp', { name: 'x', endpoint: 'no-such-host.invalid', packetCount: 1 }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/^icmp no-such-host\.invalid: .*(not known|Name or service|Temporary failure)/);
  });
});

describe('ping output', () => {
  it('reads packet loss and round trips, including partial loss', () => {
    const out = `--- 10.1.1.1 ping statistics ---
4 packets transmitted, 3 received, 25% packet loss, time 3004ms
rtt min/avg/max/mdev = 0.512/0.733/1.020/0.211 ms`;
    expect(parsePingOutput(out)).toEqual({
      transmitted: 4,
      received: 3,
      packetLoss: 25,
      min: 0.512,
      avg: 0.733,
      max: 1.02,
    });
    expect(parsePingOutput('3 packets transmitted, 0 received, 100% packet loss, time 2040ms')).toEqual({
      transmitted: 3,
      received: 0,
      packetLoss: 100,
    });
  });
});
