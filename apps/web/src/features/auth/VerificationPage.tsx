import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../ui/Button.js';
import { AuthLayout, authLinkClass } from './AuthLayout.js';
import { FlowForm } from './FlowForm.js';
import { FlowMessages, FlowNotice } from './FlowNotice.js';
import { safeReturnTo, sameOriginPath } from './returnTo.js';
import { type Flow, useFlow } from './useFlow.js';

/** /verification?flow=&return_to=: 'Verify your account' with the code emailed to the address. */
export function VerificationPage() {
  const [params] = useSearchParams();
  const rawReturnTo = params.get('return_to');
  const returnTo = safeReturnTo(rawReturnTo);
  const { flow, setFlow, notice, setNotice, busy, submit } = useFlow('verification', {
    returnTo: rawReturnTo ? returnTo : undefined,
  });

  const onSubmit = async (body: Record<string, unknown>) => {
    const answer = await submit(body);
    if (answer && typeof answer === 'object' && 'ui' in answer) setFlow(answer as Flow);
  };

  const done = flow?.state === 'passed_challenge';
  const next = sameOriginPath(flow?.return_to, window.location.origin, returnTo);
  return (
    <AuthLayout
      title="Verify your account"
      heading="Verify your account"
      footer={
        <Link to="/" className={authLinkClass}>
          Go back
        </Link>
      }
    >
      <FlowNotice notice={notice} />
      <FlowMessages flow={flow} notice={notice} />
      {flow && !done && (
        <FlowForm
          label="Verify your account"
          nodes={flow.ui.nodes}
          busy={busy}
          onSubmit={onSubmit}
          onError={setNotice}
        />
      )}
      {done && (
        <a href={next} className={buttonClass('primary', 'md', 'h-9 w-full')}>
          Continue
        </a>
      )}
    </AuthLayout>
  );
}
