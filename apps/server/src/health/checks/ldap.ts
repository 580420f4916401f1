import { type LdapCheck, ldapCheckSchema } from '@opsdeck/schema';
import type ldap from 'ldapjs';
import { abortable, resolveEndpoint } from '../../integrations/endpoint.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import { type CheckType, failure } from './types.js';

const loadLdap = lazyDriver(async () => (await import('ldapjs')).default);

/** Entries kept in the result; a search matching thousands of users must not bloat check history. */
const MAX_ENTRIES = 100;

interface LdapEntry {
  dn: string;
  attributes: Record<string, string | string[]>;
}

/**
 * `ldap`: connect (`ldap://` or `ldaps://`), bind as username/password (anonymous when none), and
 * search the subtree under `bindDN` with `userSearch` (default `(objectClass=*)`). Passes when at
 * least one entry matches; expressions see `results` (entries with `dn` and `attributes`) and `count`.
 */
export const ldapCheck: CheckType<LdapCheck> = {
  type: 'ldap',
  endpoint: (spec) => `${spec.url || spec.host || spec.connection || ''}/${spec.bindDN}`,
  schema: ldapCheckSchema,
  defaultTimeoutMs: 10_000,
  async run(spec, ctx) {
    const endpoint = await resolveEndpoint(spec, ctx);
    let url = endpoint.url || spec.host || '';
    if (!/^ldaps?:\/\//i.test(url)) url = `ldap://${url}`;
    let client: ldap.Client | undefined;
    try {
      const c = (await loadLdap()).createClient({
        url,
        timeout: ctx.timeoutMs,
        connectTimeout: ctx.timeoutMs,
        tlsOptions: { rejectUnauthorized: !spec.skipTLSVerify },
      });
      client = c;
      const connected = new Promise<void>((resolve, reject) => {
        c.once('connect', () => resolve());
        c.once('connectError', reject);
        c.once('error', reject);
        c.once('timeout', () => reject(new Error('connection timed out')));
      });
      c.on('error', () => {}); // later socket errors end the run through the pending request
      const entries = await abortable(
        ctx.signal,
        (async () => {
          await connected;
          if (endpoint.username) await bind(c, endpoint.username, endpoint.password ?? '');
          return search(c, spec.bindDN, spec.userSearch || '(objectClass=*)');
        })(),
      );
      const count = entries.length;
      const data = { results: entries.slice(0, MAX_ENTRIES), count };
      if (count === 0) {
        const error = `no entries under ${spec.bindDN} match ${spec.userSearch || '(objectClass=*)'}`;
        return { pass: false, error, message: error, data };
      }
      return { pass: true, message: `${count} entries found`, data, metrics: [{ name: 'entries', value: count }] };
    } catch (err) {
      return failure(new Error(`ldap ${url}: ${ldapErrorText(err)}`));
    } finally {
      if (client) client.destroy();
    }
  },
};

function bind(client: ldap.Client, dn: string, password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    client.bind(dn, password, (err) =>
      err ? reject(new Error(`bind as ${dn} failed: ${ldapErrorText(err)}`)) : resolve(),
    );
  });
}

function search(client: ldap.Client, base: string, filter: string): Promise<LdapEntry[]> {
  return new Promise((resolve, reject) => {
    client.search(base, { scope: 'sub', filter, sizeLimit: MAX_ENTRIES + 1 }, (err, res) => {
      if (err) return reject(new Error(`search failed: ${ldapErrorText(err)}`));
      const entries: LdapEntry[] = [];
      res.on('searchEntry', (entry) => {
        const pojo = entry.pojo;
        const attributes: Record<string, string | string[]> = {};
        for (const a of pojo.attributes)
          attributes[a.type] = a.values.length === 1 ? (a.values[0] as string) : a.values;
        entries.push({ dn: pojo.objectName, attributes });
      });
      res.on('error', (e: Error) => {
        // a size limit hit still means entries matched
        if (e.name === 'SizeLimitExceededError' && entries.length) resolve(entries);
        else reject(new Error(`search failed: ${ldapErrorText(e)}`));
      });
      res.on('end', () => resolve(entries));
    });
  });
}

function ldapErrorText(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'NoSuchObjectError') return `${err.message || 'no such object'}`;
    return err.message || err.name;
  }
  return String(err);
}
