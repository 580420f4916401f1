import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { OrganizationConfig } from '../../src/identity/organizations/config.js';
import { organizationsOf, rolesFor } from '../../src/identity/organizations/membership.js';
import { startTestServer } from '../helpers/index.js';

const providers = JSON.stringify([{ id: 'corp', issuer: 'https://sso.example', client_id: 'c', client_secret: 's' }]);
const env = (extra: Record<string, string>) => ({ LOG_LEVEL: 'silent', OPSDECK_OIDC_PROVIDERS: providers, ...extra });

describe('organization configuration', () => {
  it('is off without OPSDECK_ORG_ID', () => {
    expect(loadConfig(env({})).identity.organization).toBeUndefined();
  });

  it('names the setting that is wrong', () => {
    expect(() => loadConfig(env({ OPSDECK_ORG_ID: 'acme' }))).toThrow(/OPSDECK_ORG_PROVIDER/);
    expect(() => loadConfig(env({ OPSDECK_ORG_ID: 'acme', OPSDECK_ORG_PROVIDER: 'other' }))).toThrow(
      /OPSDECK_ORG_PROVIDER: must name a provider/,
    );
    const base = { OPSDECK_ORG_ID: 'acme', OPSDECK_ORG_PROVIDER: 'corp' };
    expect(() => loadConfig(env({ ...base, OPSDECK_ORG_ROLE_GROUPS: '{"root":"x"}' }))).toThrow(
      /OPSDECK_ORG_ROLE_GROUPS/,
    );
    expect(() => loadConfig(env({ ...base, OPSDECK_ORG_ROLE_GROUPS: 'not json' }))).toThrow(/must be JSON/);
    expect(() => loadConfig(env({ ...base, OPSDECK_ORGANIZATIONS: '[{"id":"a b"}]' }))).toThrow(
      /OPSDECK_ORGANIZATIONS/,
    );
    expect(() => loadConfig(env({ ...base, OPSDECK_ORG_CORS_ORIGIN: 'nope' }))).toThrow(/OPSDECK_ORG_CORS_ORIGIN/);
  });

  it('maps custom groups, and reads membership from the claim and from org: groups', () => {
    const org = loadConfig(
      env({
        OPSDECK_ORG_ID: 'acme',
        OPSDECK_ORG_PROVIDER: 'corp',
        OPSDECK_ORG_ROLE_GROUPS: '{"admin":"/acme/ops-admins","viewer":["/acme/staff","{org}-readers"]}',
      }),
    ).identity.organization as OrganizationConfig;
    expect(rolesFor(org, ['/acme/staff'])).toEqual(['viewer']);
    expect(rolesFor(org, ['acme-readers', '/acme/ops-admins'])).toEqual(['admin', 'viewer']);
    expect(rolesFor(org, ['acme:admin'])).toEqual([]); // the default mapping is replaced
    expect(organizationsOf(org, { org: 'globex', groups: ['org:acme', 'org:acme:admin', 'x'] })).toEqual([
      'acme',
      'globex',
    ]);
  });

  it('answers hosted: false outside hosted mode', async () => {
    const server = await startTestServer();
    try {
      const res = await server.fetch('/api/organizations');
      expect(await res.json()).toEqual({ hosted: false, current: null, organizations: [] });
      expect((await server.fetch('/api/organizations', { as: null })).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
