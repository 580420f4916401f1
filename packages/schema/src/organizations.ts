import { z } from 'zod';

/** One organization in the switcher: `url` is null while its backend is being provisioned. */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  direct: z.boolean(),
  ready: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** `GET /api/organizations`: hosted mode, this backend's organization and the person's organizations. */
export const organizationsResponseSchema = z.object({
  hosted: z.boolean(),
  current: organizationSchema.nullable(),
  organizations: z.array(organizationSchema),
});
export type OrganizationsResponse = z.infer<typeof organizationsResponseSchema>;

/**
 * `GET /api/organizations/direct` (public): whether the web app served here runs in direct mode
 * and, if so, the provider's public client and the organizations it calls directly.
 */
export const directModeResponseSchema = z.object({
  direct: z
    .object({
      issuer: z.string(),
      client_id: z.string(),
      scope: z.string(),
      resource: z.string().nullable(),
      org_claim: z.string(),
      organizations: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
    })
    .nullable(),
});
export type DirectModeResponse = z.infer<typeof directModeResponseSchema>;
