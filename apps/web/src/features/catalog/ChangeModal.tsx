import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { DateTime } from '../../ui/DateTime.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Modal } from '../../ui/Modal.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { catalogQueries } from './api.js';
import { DiffView } from './DiffView.js';
import { SeverityBadge } from './HealthBadge.js';

const json = (value: unknown) => JSON.stringify(value, null, 2);
const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0);

/** One change opened from a list: its item, when and by whom, the diff, the merge patch and details. */
export function ChangeModal({ changeId, onClose }: { changeId: string | null; onClose: () => void }) {
  const change = useQuery({ ...catalogQueries.change(changeId ?? ''), enabled: !!changeId });
  const c = change.data;
  return (
    <Modal
      open={!!changeId}
      onClose={onClose}
      title={c ? `${c.change_type}: ${c.summary ?? ''}` : 'Change'}
      size="lg"
      expandable
    >
      {change.isLoading && <LoadingBlock />}
      {change.error && <EmptyState message={errorMessage(change.error)} />}
      {c === null && <EmptyState message="This change no longer exists" />}
      {c && (
        <div className="flex flex-col gap-3 text-sm">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
            <Field label="Catalog">
              {c.config ? (
                <Link className="text-indigo-700 hover:underline" to={`/catalog/${c.config.id}`} onClick={onClose}>
                  {c.config.name ?? c.config.id}
                </Link>
              ) : (
                '-'
              )}
            </Field>
            <Field label="Type">{c.config?.type ?? '-'}</Field>
            <Field label="Change">{c.change_type}</Field>
            <Field label="Severity">
              <SeverityBadge severity={c.severity} />
            </Field>
            <Field label="Last seen">
              <DateTime date={c.created_at} />
            </Field>
            <Field label="First seen">
              <DateTime date={c.first_observed ?? c.created_at} />
            </Field>
            <Field label="Count">{c.count}</Field>
            <Field label="Created by">{c.external_created_by ?? c.source ?? '-'}</Field>
          </dl>
          <section aria-label="Diff">
            <h4 className="mb-1 text-xs font-semibold uppercase text-zinc-500">Diff</h4>
            <DiffView diff={c.diff} />
          </section>
          {!isEmpty(c.patches) && (
            <section>
              <h4 className="mb-1 text-xs font-semibold uppercase text-zinc-500">Patch</h4>
              <pre data-testid="patches" className="max-h-64 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs">
                {json(c.patches)}
              </pre>
            </section>
          )}
          {!isEmpty(c.details) && (
            <section>
              <h4 className="mb-1 text-xs font-semibold uppercase text-zinc-500">Details</h4>
              <pre className="max-h-64 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs">
                {json(c.details)}
              </pre>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="truncate font-medium text-zinc-900">{children}</dd>
    </div>
  );
}
