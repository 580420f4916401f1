import { describe, expect, it } from 'vitest';
import { claimedOrganizations, initialOrganization } from './session.js';

describe('the organization direct mode opens first', () => {
  const config = {
    issuer: 'https://sso.example',
    client_id: 'ui',
    scope: 'openid',
    resource: null,
    org_claim: 'tenant',
    organizations: [
      { id: 'acme', name: 'Acme', url: 'https://acme.example' },
      { id: 'globex', name: 'Globex', url: 'https://globex.example' },
    ],
  };
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  const user = (profile: Record<string, unknown>, access: Record<string, unknown> = {}) =>
    ({ profile, access_token: `${b64({ alg: 'RS256' })}.${b64(access)}.sig` }) as never;

  it('is the tab’s last pick, else the first the token names, else the first listed', () => {
    expect(initialOrganization(config, user({ tenant: ['acme', 'globex'] }), 'globex')).toBe('globex');
    expect(initialOrganization(config, null, 'globex')).toBe('globex');
    // a pick the token does not name (refused there) does not stick
    expect(initialOrganization(config, user({ tenant: ['globex'] }), 'acme')).toBe('globex');
    expect(initialOrganization(config, user({ tenant: ['globex'] }), 'gone')).toBe('globex');
    expect(initialOrganization(config, user({}, { tenant: 'globex' }), null)).toBe('globex');
    expect(initialOrganization(config, user({ tenant: 'initech' }), null)).toBe('acme');
    expect(claimedOrganizations(user({}, {}), 'tenant')).toEqual([]);
  });
});
