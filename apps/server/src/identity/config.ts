import { emailSchema, goDurationSetting, ROLES, type Role } from '@opsdeck/schema';
import { z } from 'zod';
import { type OrganizationConfig, organizationConfigFrom, organizationEnvSchema } from './organizations/config.js';
import { type DirectUiConfig, directUiConfigFrom } from './organizations/directUi.js';

/** One OIDC social sign-in provider, configured by env (`OPSDECK_OIDC_PROVIDERS` JSON array). */
export const oidcProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,64}$/, 'provider id must be lowercase letters, digits, _ or -'),
  label: z.string().optional(),
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  scope: z.array(z.string()).default(['openid', 'email', 'profile']),
});
export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>;

const duration = goDurationSetting('30m or 24h');

const providers = z
  .string()
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
      return z.NEVER;
    }
  })
  .pipe(z.array(oidcProviderSchema));

/** The identity part of the environment. */
export const identityEnvSchema = z.object({
  OPSDECK_SECRET_KEY: z.string().min(16, 'use at least 16 characters').optional(),
  OPSDECK_ADMIN_EMAIL: emailSchema().default('admin@localhost'),
  OPSDECK_ADMIN_PASSWORD: z.string().min(8).optional(),
  OPSDECK_PUBLIC_URL: z.url().optional(),
  OPSDECK_ALLOWED_RETURN_URLS: z.string().default(''),
  OPSDECK_SESSION_LIFESPAN: duration.default(24 * 3_600_000),
  OPSDECK_FLOW_LIFESPAN: duration.default(3_600_000),
  OPSDECK_PRIVILEGED_SESSION_MAX_AGE: duration.default(15 * 60_000),
  OPSDECK_AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  OPSDECK_COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  OPSDECK_REGISTRATION: z.enum(['enabled', 'disabled']).default('enabled'),
  OPSDECK_TOKEN_MAX_LIFETIME: duration.default(2160 * 3_600_000),
  OPSDECK_DEFAULT_ROLE: z.enum(['', ...ROLES]).default(''),
  OPSDECK_OIDC_PROVIDERS: providers.optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('OpsDeck <no-reply@localhost>'),
  ...organizationEnvSchema.shape,
});

/** Built-in identity server settings. */
export interface IdentityConfig {
  /** Key material for secrets at rest; absent means a generated key file in the data dir. */
  secretKey: string | undefined;
  adminEmail: string;
  /** Bootstrap admin password; absent means one is generated and printed once. */
  adminPassword: string | undefined;
  /** Public base URL (scheme://host[:port]); absent means the request's own origin. */
  publicUrl: string | undefined;
  /** Extra origins or URL prefixes `return_to` may point at, besides the public origin. */
  allowedReturnUrls: string[];
  sessionLifespanMs: number;
  flowLifespanMs: number;
  privilegedSessionMaxAgeMs: number;
  /** Submits per minute per client address on each self-service submit endpoint. */
  rateLimitPerMinute: number;
  cookieSecure: 'auto' | 'true' | 'false';
  registrationEnabled: boolean;
  /** The longest lifetime an access token may be created with (and renewed by). */
  tokenMaxLifetimeMs: number;
  /** Role given to people who sign up themselves; none by default (an admin grants one). */
  defaultRole: Role | undefined;
  oidcProviders: OidcProviderConfig[];
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Hosted organization mode (organizations/config.ts); undefined when off. */
  organization: OrganizationConfig | undefined;
  /** Direct mode of the web app served here (organizations/directUi.ts); undefined when off. */
  directUi: DirectUiConfig | undefined;
}

/** Builds the identity config from the parsed environment. */
export function identityConfigFrom(e: z.infer<typeof identityEnvSchema>): IdentityConfig {
  const organization = organizationConfigFrom(e);
  if (organization && !(e.OPSDECK_OIDC_PROVIDERS ?? []).some((p) => p.id === organization.provider)) {
    throw new Error('invalid configuration: OPSDECK_ORG_PROVIDER: must name a provider of OPSDECK_OIDC_PROVIDERS');
  }
  return {
    secretKey: e.OPSDECK_SECRET_KEY,
    adminEmail: e.OPSDECK_ADMIN_EMAIL,
    adminPassword: e.OPSDECK_ADMIN_PASSWORD,
    publicUrl: e.OPSDECK_PUBLIC_URL?.replace(/\/+$/, ''),
    allowedReturnUrls: e.OPSDECK_ALLOWED_RETURN_URLS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sessionLifespanMs: e.OPSDECK_SESSION_LIFESPAN,
    flowLifespanMs: e.OPSDECK_FLOW_LIFESPAN,
    privilegedSessionMaxAgeMs: e.OPSDECK_PRIVILEGED_SESSION_MAX_AGE,
    rateLimitPerMinute: e.OPSDECK_AUTH_RATE_LIMIT,
    cookieSecure: e.OPSDECK_COOKIE_SECURE,
    registrationEnabled: e.OPSDECK_REGISTRATION === 'enabled',
    tokenMaxLifetimeMs: e.OPSDECK_TOKEN_MAX_LIFETIME,
    defaultRole: e.OPSDECK_DEFAULT_ROLE || undefined,
    oidcProviders: e.OPSDECK_OIDC_PROVIDERS ?? [],
    smtpUrl: e.SMTP_URL || undefined,
    smtpFrom: e.SMTP_FROM,
    organization,
    directUi: directUiConfigFrom(e, (id) => e.OPSDECK_OIDC_PROVIDERS?.find((p) => p.id === id)?.issuer),
  };
}
