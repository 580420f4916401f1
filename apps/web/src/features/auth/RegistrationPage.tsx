import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout, authLinkClass } from './AuthLayout.js';
import { FlowForm } from './FlowForm.js';
import { FlowMessages, FlowNotice } from './FlowNotice.js';
import { afterSignIn, continueWith } from './navigation.js';
import { safeReturnTo } from './returnTo.js';
import { browserLocation, useFlow } from './useFlow.js';

/**
 * /registration?flow=&return_to=: 'Create account'. When the server has emailed a verification
 * code (`show_verification_ui`) the person enters it next; otherwise they go to return_to or /.
 */
export function RegistrationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rawReturnTo = params.get('return_to');
  const returnTo = safeReturnTo(rawReturnTo);
  const { flow, notice, setNotice, busy, submit } = useFlow('registration', {
    returnTo: rawReturnTo ? returnTo : undefined,
  });

  const onSubmit = async (body: Record<string, unknown>) => {
    const answer = await submit(body);
    if (!answer) return;
    const next = afterSignIn(answer, flow?.return_to, returnTo, window.location.origin);
    const verify = continueWith(answer).find((c) => c.action === 'show_verification_ui')?.flow?.id;
    if (verify) navigate(`/verification?flow=${encodeURIComponent(verify)}&return_to=${encodeURIComponent(next)}`);
    else browserLocation.assign(next);
  };

  return (
    <AuthLayout
      title="Create account"
      heading="Create account"
      subheading="Sign up for OpsDeck with your work email."
      footer={
        <span className="text-zinc-600">
          Already have an account?{' '}
          <Link to="/login" className={authLinkClass}>
            Sign in
          </Link>
        </span>
      }
    >
      <FlowNotice notice={notice} />
      <FlowMessages flow={flow} notice={notice} />
      {flow && (
        <FlowForm label="Create account" nodes={flow.ui.nodes} busy={busy} onSubmit={onSubmit} onError={setNotice} />
      )}
    </AuthLayout>
  );
}
