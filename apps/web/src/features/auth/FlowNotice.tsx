import { CircleAlert } from 'lucide-react';
import { cx } from '../../ui/cx.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { Messages } from './NodeView.js';
import type { Flow } from './useFlow.js';

/** A page-wide problem (flow restarted, account disabled, too many attempts) above the form. */
export function FlowNotice({ notice }: { notice: string | undefined }) {
  if (!notice) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex gap-2 rounded-md bg-red-50 px-3 py-2.5 text-sm text-red-700 ring-1 ring-red-200"
    >
      <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <p>{notice}</p>
    </div>
  );
}

/** The flow's own messages (code sent, wrong credentials), or a spinner while it loads. */
export function FlowMessages({ flow, notice }: { flow: Flow | undefined; notice: string | undefined }) {
  if (!flow) return notice ? null : <LoadingBlock label="Loading" />;
  const messages = flow.ui.messages ?? [];
  if (!messages.length) return null;
  const error = messages.some((m) => m.type === 'error');
  return (
    <div
      className={cx(
        'mb-4 rounded-md px-3 py-2.5 ring-1',
        error ? 'bg-red-50 ring-red-200' : 'bg-indigo-50/60 ring-indigo-100',
      )}
    >
      <Messages messages={messages} />
    </div>
  );
}
