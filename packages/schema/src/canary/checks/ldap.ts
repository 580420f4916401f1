import { z } from 'zod';
import { checkSchema, connectionShape } from './common.js';
import { requiredString } from './required.js';

/**
 * `ldap`: bind to `url` (or the older `host`; `ldap://` or `ldaps://`) with username/password,
 * then search `bindDN` (the search base) with the `userSearch` filter; no entry found fails.
 */
export const ldapCheckSchema = checkSchema({
  ...connectionShape,
  host: z.string().min(1).optional(),
  bindDN: requiredString('bindDN'),
  userSearch: z.string().min(1).optional(),
  skipTLSVerify: z.boolean().optional(),
}).refine((c) => !!(c.url || c.host || c.connection), {
  message: 'an ldap check needs url, host or connection',
  path: ['url'],
});
export type LdapCheck = z.infer<typeof ldapCheckSchema>;
