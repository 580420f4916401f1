import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { DateTime } from '../../../ui/DateTime.js';
import { Modal } from '../../../ui/Modal.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { notificationQueries } from '../api.js';
import { Markdown } from './Markdown.js';
import { StatusBadge } from './StatusBadge.js';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="text-sm break-words text-zinc-800">{children || '—'}</dd>
    </div>
  );
}

/** One send: what was sent (the rendered body), to whom, about what, and how it went. */
export function SendDetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const send = useQuery(notificationQueries.send(id));
  const s = send.data;
  return (
    <Modal open onClose={onClose} size="lg" expandable title={s ? s.title || s.source_event : 'Notification'}>
      {send.isPending ? (
        <LoadingBlock />
      ) : send.error || !s ? (
        <p role="alert" className="text-sm text-red-600">
          {send.error ? errorMessage(send.error) : 'No resources found'}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
            <Field label="Status">
              <StatusBadge status={s.status} />
            </Field>
            <Field label="Event">
              <span className="font-mono text-xs">{s.source_event}</span>
            </Field>
            <Field label="Resource">
              <Link to={`/notifications/resource/${s.resource_id}`} className="text-indigo-600 hover:underline">
                {s.resource?.name ?? s.resource_id}
              </Link>
              {s.resource_kind && <span className="ml-1 text-xs text-zinc-500">({s.resource_kind})</span>}
            </Field>
            <Field label="Rule">
              <Link to={`/notifications/rules?id=${s.notification.id}`} className="text-indigo-600 hover:underline">
                {s.notification.name}
              </Link>
            </Field>
            <Field label="Recipient">{s.recipient_name ?? s.recipient}</Field>
            <Field label="Created">
              <DateTime date={s.created_at} />
            </Field>
            {s.duration_millis != null && <Field label="Duration">{`${s.duration_millis} ms`}</Field>}
            {s.retries > 0 && <Field label="Retries">{String(s.retries)}</Field>}
            {s.count > 1 && <Field label="Occurrences">{String(s.count)}</Field>}
            {s.silenced_by && (
              <Field label="Silenced by">
                <Link to="/notifications/silences" className="text-indigo-600 hover:underline">
                  {s.silenced_by}
                </Link>
              </Field>
            )}
          </dl>
          {s.error && (
            <section aria-label="Error" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
              <h3 className="mb-1 font-medium">Error</h3>
              <p className="font-mono text-xs break-words whitespace-pre-wrap">{s.error}</p>
            </section>
          )}
          <section aria-label="Message" className="rounded-md p-3 ring-1 ring-zinc-200">
            <h3 className="mb-2 text-xs font-medium text-zinc-500">Message</h3>
            {s.body_markdown ? (
              <Markdown source={s.body_markdown} />
            ) : (
              <p className="text-sm text-zinc-500">This notification has no body.</p>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
