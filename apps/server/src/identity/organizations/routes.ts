import type { DirectModeResponse, Organization, OrganizationsResponse } from '@opsdeck/schema/organizations';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../errors.js';
import type { OrganizationEntry } from './config.js';
import { recordedOrganizations } from './membership.js';

/** What the switcher shows of one organization. */
function view(id: string, entry: OrganizationEntry | undefined): Organization {
  return {
    id,
    name: entry?.name ?? id,
    url: entry?.url ?? null,
    direct: entry?.direct ?? false,
    // no backend URL yet: the organization's instance is still being provisioned
    ready: Boolean(entry?.url),
  };
}

/**
 * `GET /api/organizations`: hosted mode, this backend's organization, and the organizations the
 * signed-in person belongs to (from the provider's claims at their last sign-in), for the switcher.
 */
export async function organizationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const org = ctx.config.identity.organization;
  app.get(
    '/api/organizations',
    { config: { auth: 'authenticated' } },
    async (request): Promise<OrganizationsResponse> => {
      const subject = request.subject;
      if (!subject) throw unauthorized();
      if (!org) return { hosted: false, current: null, organizations: [] };
      const byId = new Map(org.directory.map((e) => [e.id, e]));
      const ids = new Set([org.id, ...(await recordedOrganizations(ctx.db.kysely, subject.id))]);
      return {
        hosted: true,
        current: view(org.id, byId.get(org.id)),
        organizations: [...ids].sort().map((id) => view(id, byId.get(id))),
      };
    },
  );

  // public: the web app reads it before anyone signs in (the provider's public client, no secret)
  const direct = ctx.config.identity.directUi;
  app.get('/api/organizations/direct', { config: { auth: 'public' } }, async (): Promise<DirectModeResponse> => {
    if (!direct) return { direct: null };
    return {
      direct: {
        issuer: direct.issuer,
        client_id: direct.clientId,
        scope: direct.scope,
        resource: direct.resource ?? null,
        org_claim: direct.claim,
        organizations: direct.organizations.map((o) => ({ id: o.id, name: o.name ?? o.id, url: o.url })),
      },
    };
  });
}
