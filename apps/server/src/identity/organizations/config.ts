import { ROLES, type Role } from '@opsdeck/schema';
import { z } from 'zod';

/** One organization of the shared directory: its backend URL is absent while it is being provisioned. */
export const organizationEntrySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'organization id must be letters, digits, _ . or -'),
  name: z.string().min(1).optional(),
  url: z.url().optional(),
  direct: z.boolean().default(false),
});
export type OrganizationEntry = z.infer<typeof organizationEntrySchema>;

const HOSTED_ROLES = ROLES.filter((r) => r !== 'agent') as Exclude<Role, 'agent'>[];

function json<T extends z.ZodType>(name: string, schema: T) {
  return z
    .string()
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** The hosted organization mode part of the environment (all optional: unset means no hosted mode). */
export const organizationEnvSchema = z.object({
  OPSDECK_ORG_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . or -')
    .optional(),
  OPSDECK_ORG_PROVIDER: z.string().optional(),
  OPSDECK_ORG_CLAIM: z.string().min(1).default('org'),
  OPSDECK_ORG_GROUPS_CLAIM: z.string().min(1).default('groups'),
  OPSDECK_ORG_GROUP_PREFIX: z.string().default('org:'),
  OPSDECK_ORG_ROLE_GROUPS: json(
    'OPSDECK_ORG_ROLE_GROUPS',
    z.partialRecord(z.enum(HOSTED_ROLES), z.union([z.string().min(1), z.array(z.string().min(1))])),
  ).optional(),
  OPSDECK_ORGANIZATIONS: json('OPSDECK_ORGANIZATIONS', z.array(organizationEntrySchema)).optional(),
  OPSDECK_ORG_AUDIENCE: z.string().min(1).optional(),
  OPSDECK_ORG_CORS_ORIGIN: z.url().optional(),
  // direct mode, on the server that serves the web app (directUi.ts)
  OPSDECK_DIRECT_CLIENT_ID: z.string().min(1).optional(),
  OPSDECK_DIRECT_ISSUER: z.url().optional(),
  OPSDECK_DIRECT_SCOPE: z.string().min(1).default('openid email profile offline_access'),
  OPSDECK_DIRECT_RESOURCE: z.string().min(1).optional(),
});

/** Hosted organization mode: this backend serves one organization of a shared identity provider. */
export interface OrganizationConfig {
  /** The organization this backend (and its database) belongs to. */
  id: string;
  /** The `OPSDECK_OIDC_PROVIDERS` entry that signs people in. */
  provider: string;
  /** Claim naming the person's organizations (a string or an array). */
  claim: string;
  groupsClaim: string;
  /** Groups `<prefix><org id>` also make a person a member. */
  groupPrefix: string;
  /** Role → the provider groups that grant it here (`{org}` stands for this organization's id). */
  roleGroups: Record<string, string[]>;
  directory: OrganizationEntry[];
  /** Audience a bearer token must carry for direct mode; unset turns direct mode off. */
  audience: string | undefined;
  /** The one browser origin allowed to call this backend directly (CORS). */
  corsOrigin: string | undefined;
}

/** Default mapping: group `<org>:<role>` grants the role in that organization. */
const defaultRoleGroups = () => Object.fromEntries(HOSTED_ROLES.map((r) => [r, [`{org}:${r}`]]));

/** Builds the organization config; undefined unless `OPSDECK_ORG_ID` is set. */
export function organizationConfigFrom(e: z.infer<typeof organizationEnvSchema>): OrganizationConfig | undefined {
  if (!e.OPSDECK_ORG_ID) return undefined;
  if (!e.OPSDECK_ORG_PROVIDER)
    throw new Error('invalid configuration: OPSDECK_ORG_PROVIDER: required with OPSDECK_ORG_ID');
  const mapped = e.OPSDECK_ORG_ROLE_GROUPS
    ? Object.fromEntries(Object.entries(e.OPSDECK_ORG_ROLE_GROUPS).map(([r, g]) => [r, Array.isArray(g) ? g : [g]]))
    : defaultRoleGroups();
  return {
    id: e.OPSDECK_ORG_ID,
    provider: e.OPSDECK_ORG_PROVIDER,
    claim: e.OPSDECK_ORG_CLAIM,
    groupsClaim: e.OPSDECK_ORG_GROUPS_CLAIM,
    groupPrefix: e.OPSDECK_ORG_GROUP_PREFIX,
    roleGroups: mapped,
    directory: e.OPSDECK_ORGANIZATIONS ?? [],
    audience: e.OPSDECK_ORG_AUDIENCE,
    corsOrigin: e.OPSDECK_ORG_CORS_ORIGIN ? new URL(e.OPSDECK_ORG_CORS_ORIGIN).origin : undefined,
  };
}
