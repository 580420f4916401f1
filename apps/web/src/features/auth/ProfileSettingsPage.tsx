import type { UiNode } from '@ory/client-fetch';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingBlock } from '../../ui/Spinner.js';
import { AuthLayout, authLinkClass } from './AuthLayout.js';
import { FlowForm } from './FlowForm.js';
import { FlowNotice } from './FlowNotice.js';
import { signOut } from './logout.js';
import { Messages } from './NodeView.js';
import { groupsInOrder } from './nodes.js';
import { safeReturnTo, sameOriginPath } from './returnTo.js';
import { SessionsSection } from './SessionsSection.js';
import { SETTINGS_MESSAGE_MS, sectionsFor } from './settingsSections.js';
import { type Flow, useFlow } from './useFlow.js';

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="border-t border-zinc-200 pt-6 first:border-t-0 first:pt-0">
      <h2 className="text-base font-semibold text-zinc-900">{title}</h2>
      {description && <p className="mt-0.5 mb-4 text-sm text-zinc-500">{description}</p>}
      {children}
    </section>
  );
}

/** The flow without any messages: what it looks like once they have been read. */
function withoutMessages(flow: Flow): Flow {
  const nodes: UiNode[] = flow.ui.nodes.map((n) => (n.messages.length ? { ...n, messages: [] } : n));
  return { ...flow, ui: { ...flow.ui, messages: [], nodes } };
}

/**
 * /profile-settings?flow=&return_to=: the six sections, one form per section built from
 * the settings flow's groups, plus the other sessions of the account. Messages clear after 10 s.
 */
export function ProfileSettingsPage() {
  const [params] = useSearchParams();
  const rawReturnTo = params.get('return_to');
  const returnTo = safeReturnTo(rawReturnTo);
  const { flow, setFlow, notice, setNotice, busy, submit } = useFlow('settings', {
    returnTo: rawReturnTo ? returnTo : undefined,
  });
  const [active, setActive] = useState<string>();

  const hasMessages = !!flow && (!!flow.ui.messages?.length || flow.ui.nodes.some((n) => n.messages.length > 0));
  useEffect(() => {
    if (!hasMessages && !notice) return;
    const timer = setTimeout(() => {
      if (flow && hasMessages) setFlow(withoutMessages(flow));
      setNotice(undefined);
    }, SETTINGS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [flow, hasMessages, notice, setFlow, setNotice]);

  const onSubmit = (title: string) => async (body: Record<string, unknown>) => {
    setActive(title);
    const answer = await submit(body);
    if (answer && typeof answer === 'object' && 'ui' in answer) setFlow(answer as Flow);
  };

  const back = sameOriginPath(flow?.return_to, window.location.origin, returnTo);
  const sections = flow ? sectionsFor(groupsInOrder(flow.ui.nodes)) : [];
  return (
    <AuthLayout
      title="Profile Settings"
      heading="Your Profile"
      wide
      footer={
        <>
          <Link to={back} className={authLinkClass}>
            Go back
          </Link>
          <button type="button" className={authLinkClass} onClick={() => void signOut('/profile-settings')}>
            Sign out
          </button>
        </>
      }
    >
      <FlowNotice notice={notice} />
      {!flow && !notice && <LoadingBlock label="Loading" />}
      {flow && (
        <div className="flex flex-col gap-6">
          {sections.map((s) => (
            <Section key={s.title} title={s.title} description={s.description}>
              {active === s.title && <Messages messages={flow.ui.messages} className="mb-3" />}
              <FlowForm
                label={s.title}
                nodes={flow.ui.nodes}
                groups={s.groups}
                busy={busy}
                onSubmit={onSubmit(s.title)}
                onError={setNotice}
              />
            </Section>
          ))}
          <Section title="Active Sessions" description="Browsers where you are signed in besides this one.">
            <SessionsSection />
          </Section>
        </div>
      )}
    </AuthLayout>
  );
}
