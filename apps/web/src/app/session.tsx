import { permitted } from '@opsdeck/schema/permissions';
import { type Action, mayRunChecks, type Resource, type Role } from '@opsdeck/schema/rbac';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { isAdminRoles, isViewerRoles, knownRoles } from '../utils/access.js';
import { isFeatureDisabled } from '../utils/featureFlags.js';
import type { SessionUser, WhoAmI } from './queries.js';

/** Who is signed in, what they may do, and which features are switched off. */
export interface Session {
  user: SessionUser;
  roles: Role[];
  isAdmin: boolean;
  isViewer: boolean;
  can(resource: Resource, action?: Action): boolean;
  /** Run Now on a check, which the server grants by role rather than by a resource action. */
  canRunChecks: boolean;
  featureDisabled(feature: string | undefined): boolean;
}

const SessionContext = createContext<Session | null>(null);

/**
 * The session of a whoami answer: its known roles and a `can` that decides as the server does
 * (roles, then the person's permission rows, a deny row winning). Components ask `can`, never
 * compare role names, so a permission row granting or denying an action shows in the UI too.
 */
export function sessionOf(whoami: WhoAmI, disabled: readonly string[]): Session {
  const roles = knownRoles(whoami.roles ?? []);
  const off = new Set(disabled);
  const rules = Array.isArray(whoami.permissions) ? whoami.permissions : [];
  return {
    user: whoami.user,
    roles,
    isAdmin: isAdminRoles(roles),
    isViewer: isViewerRoles(roles),
    can: (resource, action = 'read') => permitted(roles, rules, resource, action),
    canRunChecks: mayRunChecks(roles),
    featureDisabled: (feature) => isFeatureDisabled(feature, off),
  };
}

/** Makes the loaded session available to the shell and pages. */
export function SessionProvider({
  whoami,
  disabled,
  children,
}: {
  whoami: WhoAmI;
  disabled: readonly string[];
  children: ReactNode;
}) {
  const value = useMemo(() => sessionOf(whoami, disabled), [whoami, disabled]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session; only valid below RequireSession. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used below <RequireSession>');
  return session;
}
