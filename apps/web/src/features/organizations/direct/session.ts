import type { DirectModeResponse } from '@opsdeck/schema/organizations';
import { InMemoryWebStorage, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { apiTarget } from '../../../api/target.js';
import { safeReturnTo } from '../../auth/returnTo.js';
import { fetchDirectMode } from '../api.js';

export type DirectConfig = NonNullable<DirectModeResponse['direct']>;
export type DirectOrganization = DirectConfig['organizations'][number];

/** Where the provider sends the browser back with the authorization code (register it at the provider). */
export const CALLBACK_PATH = '/organizations/signin-callback';
/** The organization picked in this tab (not a secret: the token itself stays in memory). */
const SELECTED_KEY = 'opsdeck.direct.organization';
/** When the last sign-in came back: a 401 right after it would bounce forever. */
const LAST_SIGN_IN_KEY = 'opsdeck.direct.lastSignIn';
const LOOP_WINDOW_MS = 5000;

/** Direct mode of this tab: the provider client and the organization whose backend the API client calls. */
export interface DirectSession {
  config: DirectConfig;
  manager: UserManager;
  organization: DirectOrganization;
}

let session: DirectSession | undefined;

/** The tab's direct-mode session; undefined in proxy mode (the default). */
export const directSession = {
  get current(): DirectSession | undefined {
    return session;
  },
};

/** The public client: authorization code + PKCE, the tokens in this tab's memory only. */
export function userManager(cfg: DirectConfig, origin: string): UserManager {
  return new UserManager({
    authority: cfg.issuer,
    client_id: cfg.client_id,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: cfg.scope,
    ...(cfg.resource ? { resource: cfg.resource } : {}),
    // never localStorage or sessionStorage for tokens; the PKCE verifier lives only for the round trip
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: 'opsdeck.oidc.' }),
    // renews with the refresh token the provider issued (offline_access), no iframe
    automaticSilentRenew: true,
    loadUserInfo: false,
  });
}

/** The organizations a token names in the configured claim (the ID token, else the access token). */
export function claimedOrganizations(user: User, claim: string): string[] {
  const strings = (v: unknown) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.map(String) : []);
  const fromProfile = strings((user.profile as Record<string, unknown>)[claim]);
  if (fromProfile.length) return fromProfile;
  try {
    // only to pick which organization opens first; the backend verifies the token itself
    const payload = user.access_token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return strings((JSON.parse(json) as Record<string, unknown>)[claim]);
  } catch {
    return [];
  }
}

/**
 * Sends the browser to the provider, back to `returnTo` (a same-origin path only). `refused`: a
 * backend answered 401, which right after a sign-in would only bounce back and forth.
 */
export function signInAtProvider(manager: UserManager, returnTo: string, refused = false): void {
  const last = Number(sessionStorage.getItem(LAST_SIGN_IN_KEY) ?? 0);
  if (refused && Date.now() - last < LOOP_WINDOW_MS) {
    // just signed in and refused again: the token does not suit this backend
    sessionStorage.removeItem(LAST_SIGN_IN_KEY);
    window.location.assign('/bad-session?error_code=BAD_SESSION');
    return;
  }
  void manager.signinRedirect({ state: { returnTo: safeReturnTo(returnTo) } });
}

/** Points the API client at an organization's backend (the switcher calls it too). */
export function selectOrganization(s: { config: DirectConfig; manager: UserManager }, id: string): boolean {
  const organization = s.config.organizations.find((o) => o.id === id);
  if (!organization) return false;
  session = { ...s, organization };
  sessionStorage.setItem(SELECTED_KEY, id);
  const { manager } = s;
  apiTarget.set({
    base: organization.url,
    async token() {
      const user = await manager.getUser();
      return user && !user.expired ? user.access_token : undefined;
    },
    signIn: (returnTo) => signInAtProvider(manager, returnTo, true),
  });
  return true;
}

/**
 * The organization to open: this tab's last pick unless the token names others but not it (so a
 * refused pick does not stick), else the first the token names, else the first listed.
 */
export function initialOrganization(cfg: DirectConfig, user: User | null, stored: string | null): string {
  const ids = cfg.organizations.map((o) => o.id);
  const named = user ? claimedOrganizations(user, cfg.org_claim) : [];
  if (stored && ids.includes(stored) && (named.length === 0 || named.includes(stored))) return stored;
  return ids.find((id) => named.includes(id)) ?? (ids[0] as string);
}

export type StartResult = { mode: 'proxy' | 'direct' | 'redirecting' } | { mode: 'failed'; message: string };

/**
 * Before the app renders: asks this server whether its web app runs in direct mode; if so,
 * finishes a sign-in coming back from the provider, or starts one.
 */
export async function startDirectMode(): Promise<StartResult> {
  const config = await fetchDirectMode();
  if (!config) return { mode: 'proxy' };
  const manager = userManager(config, window.location.origin);
  let user: User | null = null;
  if (window.location.pathname === CALLBACK_PATH) {
    try {
      user = await manager.signinRedirectCallback();
    } catch (err) {
      window.history.replaceState(null, '', '/');
      return { mode: 'failed', message: err instanceof Error ? err.message : 'The sign-in did not complete.' };
    }
    sessionStorage.setItem(LAST_SIGN_IN_KEY, String(Date.now()));
    const state = user.state as { returnTo?: unknown } | undefined;
    // back to where the sign-in started, on this origin only
    const back = safeReturnTo(typeof state?.returnTo === 'string' ? state.returnTo : null);
    window.history.replaceState(null, '', back.startsWith(CALLBACK_PATH) ? '/' : back);
  }
  const s = { config, manager };
  selectOrganization(s, initialOrganization(config, user, sessionStorage.getItem(SELECTED_KEY)));
  if (!user && window.location.pathname !== '/bad-session') {
    signInAtProvider(manager, `${window.location.pathname}${window.location.search}`);
    return { mode: 'redirecting' };
  }
  return { mode: 'direct' };
}

/** Signs out of direct mode: forgets the tokens and ends the provider session when it offers that. */
export async function signOutDirect(s: DirectSession): Promise<void> {
  try {
    await s.manager.signoutRedirect();
  } catch {
    await s.manager.removeUser();
    window.location.assign('/');
  }
}
