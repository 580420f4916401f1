// What other domains may import from identity: the authenticator plugged in at the root, the
// routes the app mounts, person and subject lookup, roles, and the identity configuration.
// Everything under flows/, sessions/, tokens/, people/ and organizations/ is identity's own.

export { identityAuthenticators } from './authenticators.js';
export type { IdentityConfig } from './config.js';
export { courierRoutes } from './flows/courierRoutes.js';
export { passwordPolicyViolation } from './flows/password.js';
export { readCookie, SESSION_COOKIE } from './http.js';
export { registerOrganizationCors } from './organizations/cors.js';
export { directConnectOrigins } from './organizations/directUi.js';
export { organizationRoutes } from './organizations/routes.js';
export { addUser, bootstrapAdmin } from './people/bootstrap.js';
export { exposePeople } from './people/exposed.js';
export { DuplicateIdentityError } from './people/identities.js';
export { peopleRoutes } from './people/peopleRoutes.js';
export { isRole } from './people/roles.js';
export { loadSubject, notificationSubject } from './people/subject.js';
export { authRoutes, identityRoutes } from './routes.js';
export { createAccessToken } from './tokens/accessTokens.js';
