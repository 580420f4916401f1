import dns2 from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { runnerContext } from './runnerContext.js';

const { Packet } = dns2;
const ctx = () => runnerContext();
const NXDOMAIN = 3; // RFC 1035 rcode; dns2's typings lack Packet.RCODE

/** The zone the local dns2 server answers for; anything else is NXDOMAIN. */
const zone: Record<string, Record<string, object[]>> = {
  'shop.test': {
    A: [{ address: '10.0.0.1' }, { address: '10.0.0.2' }],
    AAAA: [{ address: '::1' }],
    MX: [{ exchange: 'mail.shop.test', priority: 10 }],
    TXT: [{ data: 'v=spf1 -all' }],
    NS: [{ ns: 'ns1.shop.test' }],
  },
  'www.shop.test': { CNAME: [{ domain: 'shop.test' }] },
  '_api._tcp.shop.test': { SRV: [{ priority: 1, weight: 5, port: 8443, target: 'api.shop.test' }] },
  '1.0.0.10.in-addr.arpa': { PTR: [{ domain: 'shop.test' }] },
};
const typeNames = Object.fromEntries(Object.entries(Packet.TYPE).map(([k, v]) => [v, k])) as Record<number, string>;

let server: ReturnType<typeof dns2.createServer>;
let port = 0;

beforeAll(async () => {
  server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [q] = request.questions as { name: string; type: number }[];
      const records = zone[q?.name.toLowerCase() ?? '']?.[typeNames[q?.type ?? 0] ?? ''];
      if (!zone[q?.name.toLowerCase() ?? '']) (response.header as { rcode: number }).rcode = NXDOMAIN;
      for (const r of records ?? []) {
        response.answers.push({ name: q?.name, type: q?.type, class: Packet.CLASS.IN, ttl: 60, ...r } as never);
      }
      send(response);
    },
  });
  const addresses = (await server.listen({ udp: { port: 0, address: '127.0.0.1' } })) as { udp: { port: number } };
  port = addresses.udp.port;
});
afterAll(() => server.close());

const dnsCheck = (fields: Record<string, unknown>) =>
  executeCheck('dns', { name: 'dns', server: '127.0.0.1', port, ...fields }, ctx());

describe('dns check against a dns2 server', () => {
  it.each([
    ['A', 'shop.test', ['10.0.0.1', '10.0.0.2']],
    ['AAAA', 'shop.test', ['::1']],
    ['CNAME', 'www.shop.test', ['shop.test']],
    ['MX', 'shop.test', ['mail.shop.test 10']],
    ['TXT', 'shop.test', ['v=spf1 -all']],
    ['NS', 'shop.test', ['ns1.shop.test']],
    ['SRV', '_api._tcp.shop.test', ['api.shop.test 8443 1 5']],
    ['PTR', '10.0.0.1', ['shop.test']],
  ])('%s %s answers %j and passes exactreply', async (querytype, query, answers) => {
    const r = await dnsCheck({ query, querytype, exactreply: [...answers].reverse(), minrecords: answers.length });
    expect(r).toMatchObject({ pass: true, message: `got [${answers.join(', ')}]` });
    expect(r.data.records).toEqual(answers);
  });

  it('fails when exactreply differs', async () => {
    const r = await dnsCheck({ query: 'shop.test', exactreply: ['10.0.0.9'] });
    expect(r.pass).toBe(false);
    expect(r.error).toBe(`A shop.test on 127.0.0.1:${port}: got [10.0.0.1, 10.0.0.2], expected [10.0.0.9]`);
  });

  it('fails with fewer than minrecords answers', async () => {
    const r = await dnsCheck({ query: 'shop.test', querytype: 'aaaa', minrecords: 2 });
    expect(r.error).toBe(`AAAA shop.test on 127.0.0.1:${port}: returned 1 results, expecting 2`);
  });

  it('fails on a name that does not exist', async () => {
    const r = await dnsCheck({ query: 'nope.test' });
    expect(r.error).toBe(`A nope.test on 127.0.0.1:${port}: no such record`);
  });

  it('test and display see the records', async () => {
    const r = await dnsCheck({
      query: 'shop.test',
      test: { expr: 'records.size() == 2 && "10.0.0.1" in records' },
      display: { template: '{{ len .records }} addresses' },
    });
    expect(r).toMatchObject({ pass: true, message: '2 addresses' });
  });

  it('refuses an unknown query type at validation', async () => {
    const r = await dnsCheck({ query: 'shop.test', querytype: 'SOA' });
    expect(r.error).toBe(
      'invalid dns check: querytype: querytype must be one of A, AAAA, CNAME, MX, PTR, SRV, TXT, NS',
    );
  });
});

describe('dns check with the system resolver', () => {
  it('resolves localhost through the hosts file', async () => {
    const r = await executeCheck('dns', { name: 'local', query: 'localhost', exactreply: ['127.0.0.1'] }, ctx());
    expect(r.pass).toBe(true);
  });
});
