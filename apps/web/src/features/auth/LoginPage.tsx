import { Link, useSearchParams } from 'react-router';
import { AuthLayout, authLinkClass } from './AuthLayout.js';
import { FlowForm } from './FlowForm.js';
import { FlowMessages, FlowNotice } from './FlowNotice.js';
import { signOut } from './logout.js';
import { afterSignIn } from './navigation.js';
import { inputAttrs, withValue } from './nodes.js';
import { safeReturnTo } from './returnTo.js';
import { browserLocation, useFlow } from './useFlow.js';

/** The heading for the kind of sign-in asked for. */
export function loginHeading(opts: { aal2: boolean; refresh: boolean }): string {
  if (opts.aal2) return 'Two-Factor Authentication';
  if (opts.refresh) return 'Confirm Action';
  return 'Sign In to your account';
}

/**
 * /login?flow=&return_to=&refresh=&aal=&username=. `username` only prefills the identifier: a
 * password in the URL is never used (it would sit in logs and history; see README, Sign-in).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const rawReturnTo = params.get('return_to');
  const returnTo = safeReturnTo(rawReturnTo);
  const refresh = params.get('refresh') === 'true';
  const aal = params.get('aal') ?? undefined;
  const { flow, notice, setNotice, busy, submit } = useFlow('login', {
    returnTo: rawReturnTo ? returnTo : undefined,
    refresh: refresh || undefined,
    aal,
  });

  const aal2 = flow ? flow.requested_aal === 'aal2' : aal === 'aal2';
  const confirming = flow ? flow.refresh === true : refresh;
  const username = params.get('username');
  const identifier = flow?.ui.nodes.find((n) => inputAttrs(n)?.name === 'identifier');
  const prefill = username && identifier && inputAttrs(identifier)?.type !== 'hidden' && !inputAttrs(identifier)?.value;
  const nodes = flow ? (prefill ? withValue(flow.ui.nodes, 'identifier', username) : flow.ui.nodes) : [];

  const onSubmit = async (body: Record<string, unknown>) => {
    const answer = await submit(body);
    if (answer) browserLocation.assign(afterSignIn(answer, flow?.return_to, returnTo, window.location.origin));
  };

  const here = `${returnTo}`;
  return (
    <AuthLayout
      title="Sign in"
      heading={loginHeading({ aal2, refresh: confirming })}
      footer={
        aal2 || confirming ? (
          <button type="button" className={authLinkClass} onClick={() => void signOut(here)}>
            Sign out
          </button>
        ) : (
          <>
            <Link to="/recovery" className={authLinkClass}>
              Reset password
            </Link>
            <Link to="/registration" className={authLinkClass}>
              Create account
            </Link>
          </>
        )
      }
    >
      <FlowNotice notice={notice} />
      <FlowMessages flow={flow} notice={notice} />
      {flow && <FlowForm label="Sign in" nodes={nodes} busy={busy} onSubmit={onSubmit} onError={setNotice} />}
    </AuthLayout>
  );
}
