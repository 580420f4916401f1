import { INCIDENT_STATUSES, type IncidentStatus } from '@opsdeck/schema';
import { Check, Pencil, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Age } from '../../../ui/Age.js';
import { Avatar } from '../../../ui/Avatar.js';
import { Button, IconButton } from '../../../ui/Button.js';
import { type Incident, updateIncident } from '../api.js';
import { useIncidentWrite } from '../useIncidentWrite.js';
import { humanize } from '../utils/labels.js';
import { SeverityBadge, StatusBadge } from './Badges.js';
import { inputClass } from './Field.js';

/** Title (editable in place), short id, status with a one-click resolve, and who declared it when. */
export function IncidentHeader({ incident, canEdit }: { incident: Incident; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(incident.title);
  const save = useIncidentWrite((patch: Partial<Incident>) => updateIncident(incident.id, patch), {
    success: 'Incident updated successfully',
  });
  const active = incident.status !== 'resolved' && incident.status !== 'closed';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const title = draft.trim();
    if (!title) return;
    if (title !== incident.title) save.mutate({ title });
    setEditing(false);
  };

  return (
    <header className="flex flex-col gap-1.5 border-b border-zinc-200 bg-white px-4 py-3">
      <div className="flex items-center gap-2">
        <span className="font-mono text-xs whitespace-nowrap text-zinc-500">{incident.incident_id}</span>
        <SeverityBadge severity={incident.severity} />
        <StatusBadge status={incident.status} />
        <span className="text-xs text-zinc-500">{humanize(incident.type)}</span>
        <span className="flex-1" />
        {canEdit && (
          <>
            <label htmlFor="incident-status" className="text-xs text-zinc-500">
              Status
            </label>
            <select
              id="incident-status"
              className="h-7 w-36 rounded-md border-0 bg-white px-2 text-xs text-zinc-900 ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-indigo-500"
              value={incident.status}
              onChange={(e) => save.mutate({ status: e.target.value as IncidentStatus })}
            >
              {INCIDENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </select>
            {active && (
              <Button size="sm" variant="success" onClick={() => save.mutate({ status: 'resolved' })}>
                Resolve
              </Button>
            )}
          </>
        )}
      </div>
      {editing ? (
        <form onSubmit={submit} className="flex items-center gap-1">
          <input
            aria-label="Incident title"
            className={`${inputClass} h-9 text-lg font-semibold`}
            value={draft}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this field
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
          />
          <IconButton label="Save title" type="submit">
            <Check className="h-4 w-4" />
          </IconButton>
          <IconButton label="Cancel editing" onClick={() => setEditing(false)}>
            <X className="h-4 w-4" />
          </IconButton>
        </form>
      ) : (
        <div className="group flex items-center gap-1">
          <h2 className="text-lg font-semibold text-zinc-900">{incident.title}</h2>
          {canEdit && (
            <IconButton
              label="Edit title"
              className="h-7 w-7 opacity-60 group-hover:opacity-100"
              onClick={() => {
                setDraft(incident.title);
                setEditing(true);
              }}
            >
              <Pencil className="h-3.5 w-3.5" />
            </IconButton>
          )}
        </div>
      )}
      <p className="flex items-center gap-1.5 text-xs text-zinc-500">
        Declared by
        <Avatar user={incident.creator} size="xs" />
        <span className="text-zinc-700">{incident.creator?.name ?? 'someone'}</span>
        <Age date={incident.created_at} suffix=" ago" />
        {incident.resolved && (
          <>
            · resolved <Age date={incident.resolved} suffix=" ago" />
          </>
        )}
      </p>
    </header>
  );
}
