import type { IdentityConfig } from '../config.js';
import { KratosError } from '../errors.js';
import type { OrganizationConfig } from './config.js';
import { type Claims, isMember } from './membership.js';

/**
 * For a sign-in through the organization provider: the organization config, after checking the
 * person belongs to this backend's organization (each backend admits only its own members).
 * Undefined for any other provider.
 */
export function organizationSignIn(
  cfg: IdentityConfig,
  providerId: string,
  claims: Claims,
): OrganizationConfig | undefined {
  const org = cfg.organization;
  if (!org || org.provider !== providerId) return undefined;
  if (!isMember(org, claims)) {
    throw new KratosError(
      403,
      'organization_membership_required',
      `This account is not a member of the organization ${org.id}.`,
      'The identity provider did not name this organization for the account; ask its administrator to add you, or pick another organization.',
    );
  }
  return org;
}

/** Whether an organization provider's ID token leaves the organization and groups claims to userinfo. */
export function lacksOrganizationClaims(cfg: IdentityConfig, providerId: string, claims: Claims): boolean {
  const org = cfg.organization;
  if (!org || org.provider !== providerId) return false;
  return claims[org.claim] === undefined || claims[org.groupsClaim] === undefined;
}
