import type { z } from 'zod';
import type { OrganizationEntry, organizationEnvSchema } from './config.js';

/**
 * Direct mode on the server that serves the web app: the browser signs in at the provider as a
 * public client (authorization code + PKCE) and calls each organization's backend with the
 * provider's access token. Everything here is public: the web app reads it before sign-in.
 */
export interface DirectUiConfig {
  /** The provider's issuer (its discovery document is at `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  /** The public client registered for the web app (no secret). */
  clientId: string;
  scope: string;
  /** RFC 8707 resource indicator sent with the authorization and token requests, when the provider needs one. */
  resource: string | undefined;
  /** Claim naming the person's organizations (`OPSDECK_ORG_CLAIM`): which one the app opens first. */
  claim: string;
  /** The organizations the web app calls directly: directory entries with `direct: true` and a URL. */
  organizations: Array<OrganizationEntry & { url: string }>;
}

/** Undefined unless `OPSDECK_DIRECT_CLIENT_ID` is set. */
export function directUiConfigFrom(
  e: z.infer<typeof organizationEnvSchema>,
  issuerOf: (providerId: string) => string | undefined,
): DirectUiConfig | undefined {
  if (!e.OPSDECK_DIRECT_CLIENT_ID) return undefined;
  // the organization provider's issuer unless another is named
  const issuer = e.OPSDECK_DIRECT_ISSUER ?? (e.OPSDECK_ORG_PROVIDER ? issuerOf(e.OPSDECK_ORG_PROVIDER) : undefined);
  if (!issuer) {
    throw new Error('invalid configuration: OPSDECK_DIRECT_ISSUER: required with OPSDECK_DIRECT_CLIENT_ID');
  }
  const organizations = (e.OPSDECK_ORGANIZATIONS ?? []).filter(
    (o): o is OrganizationEntry & { url: string } => o.direct && typeof o.url === 'string',
  );
  if (organizations.length === 0) {
    throw new Error(
      'invalid configuration: OPSDECK_ORGANIZATIONS: direct mode needs at least one entry with "direct": true and a url',
    );
  }
  for (const o of organizations) {
    const { protocol } = new URL(o.url);
    if (protocol !== 'http:' && protocol !== 'https:') {
      throw new Error(`invalid configuration: OPSDECK_ORGANIZATIONS: ${o.id}: url must be http(s)`);
    }
  }
  return {
    issuer: issuer.replace(/\/+$/, ''),
    clientId: e.OPSDECK_DIRECT_CLIENT_ID,
    scope: e.OPSDECK_DIRECT_SCOPE,
    resource: e.OPSDECK_DIRECT_RESOURCE,
    claim: e.OPSDECK_ORG_CLAIM,
    organizations,
  };
}

/** Origins the web app served here connects to: the provider and each direct organization's backend. */
export function directConnectOrigins(cfg: DirectUiConfig | undefined): string[] {
  if (!cfg) return [];
  return [...new Set([cfg.issuer, ...cfg.organizations.map((o) => o.url)].map((u) => new URL(u).origin))];
}
