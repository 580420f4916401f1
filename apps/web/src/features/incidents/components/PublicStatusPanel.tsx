import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Age } from '../../../ui/Age.js';
import { Button } from '../../../ui/Button.js';
import { type Incident, updateIncident } from '../api.js';
import {
  PUBLIC_UPDATE_STATUSES,
  type PublicUpdateStatus,
  postPublicUpdate,
  publicUpdateQueries,
} from '../publicUpdates.js';
import { useIncidentWrite } from '../useIncidentWrite.js';
import { inputClass } from './Field.js';

/**
 * Whether the incident shows on the public status pages, and the updates the public reads there
 * (separate from the private comments and timeline; docs/status-pages.md).
 */
export function PublicStatusPanel({ incident, canEdit }: { incident: Incident; canEdit: boolean }) {
  const id = useId();
  const updates = useQuery(publicUpdateQueries.list(incident.id));
  const [status, setStatus] = useState<PublicUpdateStatus>('investigating');
  const [message, setMessage] = useState('');
  const toggle = useIncidentWrite((pub: boolean) => updateIncident(incident.id, { public: pub }), {
    success: 'Incident updated successfully',
  });
  const post = useIncidentWrite(postPublicUpdate, { success: 'Public update posted' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!message.trim()) return;
    post.mutate({ incident_id: incident.id, status, message: message.trim() }, { onSuccess: () => setMessage('') });
  };

  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Status pages
      </h3>
      <label className="flex items-center gap-2 text-sm text-zinc-800">
        <input
          type="checkbox"
          // shows the choice at once; the incident refetches before the write settles
          checked={toggle.isPending ? Boolean(toggle.variables) : incident.public}
          disabled={!canEdit || toggle.isPending}
          onChange={(e) => toggle.mutate(e.target.checked)}
        />
        Show on public status pages
      </label>
      <ul aria-label="Public updates" className="flex flex-col gap-1">
        {(updates.data ?? []).map((u) => (
          <li key={u.id} className="rounded bg-zinc-50 px-2 py-1 text-sm">
            <div className="flex justify-between text-xs text-zinc-500">
              <span className="font-medium text-zinc-700">{u.status}</span>
              <Age date={u.created_at} suffix=" ago" />
            </div>
            <p className="whitespace-pre-wrap text-zinc-800">{u.message}</p>
          </li>
        ))}
      </ul>
      {canEdit && (
        <form onSubmit={submit} className="flex flex-col gap-1" aria-label="Post a public update">
          <select
            aria-label="Public status"
            className={inputClass}
            value={status}
            onChange={(e) => setStatus(e.target.value as PublicUpdateStatus)}
          >
            {PUBLIC_UPDATE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <textarea
            aria-label="Public message"
            className={`${inputClass} h-16 py-1`}
            placeholder="What the public should know"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <Button type="submit" disabled={!message.trim() || post.isPending}>
            Post public update
          </Button>
        </form>
      )}
    </section>
  );
}
