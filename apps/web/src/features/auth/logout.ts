import { directSession, signOutDirect } from '../organizations/direct/session.js';
import { ory } from './ory.js';
import { browserLocation } from './useFlow.js';

/**
 * Ends the browser session through a logout flow, then goes to sign in with a way back to
 * `returnTo` (the page it was called from). A failure still lands on /login.
 */
export async function signOut(returnTo: string): Promise<void> {
  // direct mode: the session is the provider's, not this server's
  const direct = directSession.current;
  if (direct) return signOutDirect(direct);
  try {
    const { logout_token } = await ory.createBrowserLogoutFlow();
    await ory.updateLogoutFlow({ token: logout_token });
  } catch {
    // no session left to end, or the server is away: signing in again is the way on either way
  }
  browserLocation.assign(`/login?return_to=${encodeURIComponent(returnTo)}`);
}
