import { Link, useSearchParams } from 'react-router';
import { AuthLayout, authLinkClass } from './AuthLayout.js';
import { FlowForm } from './FlowForm.js';
import { FlowMessages, FlowNotice } from './FlowNotice.js';
import { safeReturnTo } from './returnTo.js';
import { type Flow, useFlow } from './useFlow.js';

/**
 * /recovery?flow=&return_to=: 'Recover account'. Email, then the emailed code; the server then
 * answers `browser_location_change_required` towards profile settings to set a new password.
 */
export function RecoveryPage() {
  const [params] = useSearchParams();
  const rawReturnTo = params.get('return_to');
  const { flow, setFlow, notice, setNotice, busy, submit } = useFlow('recovery', {
    returnTo: rawReturnTo ? safeReturnTo(rawReturnTo) : undefined,
  });

  const onSubmit = async (body: Record<string, unknown>) => {
    const answer = await submit(body);
    if (answer && typeof answer === 'object' && 'ui' in answer) setFlow(answer as Flow);
  };

  return (
    <AuthLayout
      title="Recover account"
      heading="Recover account"
      subheading="We will email you a code to sign in and choose a new password."
      footer={
        <Link to="/login" className={authLinkClass}>
          Go back
        </Link>
      }
    >
      <FlowNotice notice={notice} />
      <FlowMessages flow={flow} notice={notice} />
      {flow && (
        <FlowForm label="Recover account" nodes={flow.ui.nodes} busy={busy} onSubmit={onSubmit} onError={setNotice} />
      )}
    </AuthLayout>
  );
}
