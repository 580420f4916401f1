import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingBlock } from '../../ui/Spinner.js';
import { ory, oryFailure } from './ory.js';
import { safeReturnTo } from './returnTo.js';
import { browserLocation } from './useFlow.js';

const LAST_OK_KEY = 'opsdeck.authStateChecker.lastOk';
const LOOP_WINDOW_MS = 5000;

/** Where a session check sends the browser (session fetch). */
export function sessionCheckTarget(status: number | 'ok', returnTo: string): string {
  const back = encodeURIComponent(returnTo);
  if (status === 'ok') return returnTo;
  if (status === 403 || status === 422) return `/login?aal=aal2&return_to=${back}`;
  return `/login?return_to=${back}`;
}

/**
 * /auth-state-checker?return_to=: where a 401 lands. Asks the identity server about the session:
 * a missing second factor goes to the 2FA sign-in, no session to sign in, a good one back.
 */
export function AuthStateChecker() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  useEffect(() => {
    let live = true;
    ory.toSession().then(
      () => {
        if (!live) return;
        // a session the identity server accepts but the API refuses twice in a row would loop
        const last = Number(sessionStorage.getItem(LAST_OK_KEY) ?? 0);
        sessionStorage.setItem(LAST_OK_KEY, String(Date.now()));
        browserLocation.assign(
          Date.now() - last < LOOP_WINDOW_MS
            ? '/bad-session?error_code=BAD_SESSION'
            : sessionCheckTarget('ok', returnTo),
        );
      },
      async (err: unknown) => {
        const { status } = await oryFailure(err);
        if (live) browserLocation.assign(sessionCheckTarget(status, returnTo));
      },
    );
    return () => {
      live = false;
    };
  }, [returnTo]);
  return (
    <main className="h-full">
      <LoadingBlock label="Checking your session" />
    </main>
  );
}
