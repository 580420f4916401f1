import type { AgentInstall } from '@opsdeck/schema/agentInstall';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { conflict, DomainError } from '../../errors.js';
import { createdBySubject } from '../../rest/whitelist.js';
import { isAgentAdmin } from './admin.js';
import { registerAgent } from './store.js';

const generateBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'This field is required')
    .max(63)
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'name: lower-case letters, digits and dashes (DNS-1123)'),
  /** Labels stamped on everything the agent creates. */
  properties: z.record(z.string(), z.string().max(1000)).default({}),
});

/**
 * The upstream URL is the organization's backend URL in hosted organization mode (the address its
 * agents must reach, whatever origin the browser is on); otherwise null: the browser's origin.
 */
export function agentInstallOf(config: Config): AgentInstall {
  const org = config.identity.organization;
  const orgUrl = org?.directory.find((o) => o.id === org.id)?.url;
  return {
    upstream_url: orgUrl ? orgUrl.replace(/\/+$/, '') : null,
    chart_git_url: config.agentInstall.chartGitUrl,
    chart_git_ref: config.agentInstall.chartGitRef,
  };
}

/**
 * `POST /api/agent/generate {name, properties}`: registers an agent with a person of its own (role
 * `agent`) and an auto-renewing access token, answered once as `{id, username, access_token}`.
 * The token lives as long as OPSDECK_TOKEN_MAX_LIFETIME allows and renews while it is used;
 * deleting the agent (deleted_at) deletes its tokens (migration 142). Only an admin generates one:
 * the name it claims receives playbook actions (`runsOn`), and a live name is never taken over.
 */
export async function agentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/agent/generate',
    { config: { auth: { resource: 'agents', action: 'create' } }, schema: { body: generateBody } },
    async (request, reply) => {
      const { name, properties } = request.body;
      const subject = request.subject;
      if (!isAgentAdmin(subject)) {
        throw new DomainError('forbidden', 'generating an agent token needs the admin role', {
          headers: { 'X-Rbac-Subject': subject?.id ?? '', 'X-Rbac-Object': 'agents', 'X-Rbac-Action': 'create' },
        });
      }
      const createdBy = subject ? await createdBySubject(subject, ctx) : undefined;
      const result = await registerAgent(ctx.db.kysely, {
        name,
        properties,
        createdBy: createdBy ?? null,
        tokenLifetimeMs: ctx.config.identity.tokenMaxLifetimeMs,
        now: ctx.clock.now(),
      });
      if (!result) throw conflict(`an agent named ${name} already exists`);
      return reply.code(201).send({ ...result, install: agentInstallOf(ctx.config) });
    },
  );
}
