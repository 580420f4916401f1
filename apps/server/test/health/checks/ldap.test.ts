import type { AddressInfo } from 'node:net';
import { ldapCheckSchema } from '@opsdeck/schema';
import ldap from 'ldapjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ldapCheck } from '../../../src/health/checks/ldap.js';
import { closedPort, runnerContext } from './runnerContext.js';
import { selfSignedCert } from './selfSigned.js';

const BASE = 'ou=people,dc=example,dc=org';
const ADMIN = 'cn=admin,dc=example,dc=org';
const people = [
  { dn: `uid=ada,${BASE}`, attributes: { objectClass: ['inetOrgPerson'], uid: 'ada', cn: 'Ada Lovelace' } },
  { dn: `uid=alan,${BASE}`, attributes: { objectClass: ['inetOrgPerson'], uid: 'alan', cn: 'Alan Turing' } },
];

/** A real LDAP server (ldapjs) with one admin and two people. */
let server: TestServer;
let url: string;

// @types/ldapjs does not describe the server side; these are the parts the test server uses.
interface BindReq {
  dn: { toString(): string };
  credentials: string;
}
interface SearchReq {
  filter: { matches(attributes: Record<string, unknown>): boolean };
  connection: { ldap: { bindDN: { toString(): string } } };
}
interface Res {
  send(entry: unknown): void;
  end(): void;
}
type Next = (err?: unknown) => void;
interface TestServer {
  bind(base: string, handler: (req: BindReq, res: Res, next: Next) => void): void;
  search(base: string, handler: (req: SearchReq, res: Res, next: Next) => void): void;
  listen(port: number, host: string, cb: () => void): void;
  address(): AddressInfo;
  close(): void;
}

/** Starts an ldapjs server with the admin bind and the people search; LDAPS when given a certificate. */
async function startLdap(tls?: { cert: string; key: string }): Promise<{ server: TestServer; url: string }> {
  const srv = ldap.createServer(tls ? { certificate: tls.cert, key: tls.key } : {}) as unknown as TestServer;
  srv.bind('dc=example,dc=org', (req, res, next) => {
    if (req.dn.toString() === ADMIN && req.credentials === 'admin-secret') {
      res.end();
      return next();
    }
    return next(new ldap.InvalidCredentialsError());
  });
  srv.search(BASE, (req, res, next) => {
    if (!req.connection.ldap.bindDN.toString().includes('admin')) return next(new ldap.InsufficientAccessRightsError());
    for (const p of people) if (req.filter.matches(p.attributes)) res.send(p);
    res.end();
    return next();
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', () => resolve()));
  return { server: srv, url: `${tls ? 'ldaps' : 'ldap'}://127.0.0.1:${srv.address().port}` };
}

let secure: { server: TestServer; url: string };
beforeAll(async () => {
  ({ server, url } = await startLdap());
  secure = await startLdap(selfSignedCert());
});
afterAll(() => {
  server.close();
  secure.server.close();
});

function check(fields: Record<string, unknown>) {
  return ldapCheckSchema.parse({
    name: 'ldap',
    url,
    bindDN: BASE,
    username: { value: ADMIN },
    password: { valueFrom: { secretKeyRef: { name: 'ldap', key: 'password' } } },
    ...fields,
  });
}
const ctx = () => runnerContext({ secrets: { ldap: { password: 'admin-secret' } } });

describe('ldap check against an ldapjs server', () => {
  it('binds, searches and passes with the matching entries', async () => {
    const out = await ldapCheck.run(check({ userSearch: '(&(objectClass=inetOrgPerson)(uid=ada))' }), ctx());
    expect(out.pass).toBe(true);
    expect(out.data.count).toBe(1);
    expect(out.data.results).toEqual([
      { dn: `uid=ada,${BASE}`, attributes: { objectClass: 'inetOrgPerson', uid: 'ada', cn: 'Ada Lovelace' } },
    ]);
  });

  it('fails when no entry matches the search', async () => {
    const out = await ldapCheck.run(check({ userSearch: '(uid=grace)' }), ctx());
    expect(out.pass).toBe(false);
    expect(out.error).toBe(`no entries under ${BASE} match (uid=grace)`);
  });

  it('fails when the bind is refused', async () => {
    const out = await ldapCheck.run(check({ password: { value: 'wrong' } }), ctx());
    expect(out.pass).toBe(false);
    expect(out.error).toContain(`bind as ${ADMIN} failed`);
    expect(out.error).toMatch(/Invalid Credentials/i);
  });

  it('speaks LDAPS, refusing an untrusted certificate unless skipTLSVerify', async () => {
    const strict = await ldapCheck.run(check({ url: secure.url, userSearch: '(uid=alan)' }), ctx());
    expect(strict.pass).toBe(false);
    expect(strict.error).toMatch(/self[- ]signed|certificate/i);
    const skipped = await ldapCheck.run(
      check({ url: secure.url, userSearch: '(uid=alan)', skipTLSVerify: true }),
      ctx(),
    );
    expect(skipped).toMatchObject({ pass: true, data: { count: 1 } });
  });

  it('accepts the older host field', async () => {
    const out = await ldapCheck.run(check({ url: undefined, host: url, userSearch: '(uid=*)' }), ctx());
    expect(out).toMatchObject({ pass: true, data: { count: 2 } });
  });

  it('fails with connection refused on a closed port', async () => {
    const port = await closedPort();
    const out = await ldapCheck.run(check({ url: `ldap://127.0.0.1:${port}` }), ctx());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
  });

  it('requires bindDN and a target', () => {
    const out = ldapCheckSchema.safeParse({ name: 'ldap' });
    const messages = out.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toContain('bindDN: bindDN is required');
    const noTarget = ldapCheckSchema.safeParse({ name: 'ldap', bindDN: BASE });
    expect(noTarget.error?.issues[0]?.message).toBe('an ldap check needs url, host or connection');
  });
});
