import { useQuery } from '@tanstack/react-query';
import { Users, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Avatar } from '../../../ui/Avatar.js';
import { Button, IconButton } from '../../../ui/Button.js';
import { addResponder, directoryQueries, incidentQueries, removeResponder } from '../api.js';
import { useIncidentWrite } from '../useIncidentWrite.js';
import { inputClass } from './Field.js';

/** People and teams working the incident, with add (person or team) and remove. */
export function RespondersPanel({ incidentId, canEdit }: { incidentId: string; canEdit: boolean }) {
  const id = useId();
  const responders = useQuery(incidentQueries.responders(incidentId));
  const people = useQuery({ ...directoryQueries.people(), enabled: canEdit });
  const teams = useQuery({ ...directoryQueries.teams(), enabled: canEdit });
  const [choice, setChoice] = useState('');
  const add = useIncidentWrite((pick: string) => {
    const [kind, value] = pick.split(':');
    return addResponder({ incident_id: incidentId, ...(kind === 'team' ? { team_id: value } : { person_id: value }) });
  });
  const remove = useIncidentWrite((responderId: string) => removeResponder(responderId));

  const taken = new Set((responders.data ?? []).flatMap((r) => [r.person_id, r.team_id]).filter(Boolean));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return;
    add.mutate(choice, { onSuccess: () => setChoice('') });
  };

  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Responders
      </h3>
      <ul aria-label="Responders" className="flex flex-col gap-1">
        {(responders.data ?? []).map((r) => {
          const name = r.person?.name ?? r.team?.name ?? 'Unknown';
          return (
            <li key={r.id} className="group flex items-center gap-2 rounded px-1 py-0.5 hover:bg-zinc-50">
              {r.team ? (
                <span className="flex h-5 w-5 items-center justify-center rounded-full bg-zinc-200 text-zinc-600">
                  <Users aria-hidden className="h-3 w-3" />
                </span>
              ) : (
                <Avatar user={r.person} size="xs" />
              )}
              <span className="min-w-0 flex-1 truncate text-sm text-zinc-800">{name}</span>
              <span className="text-[11px] text-zinc-400">{r.team ? 'team' : 'person'}</span>
              {canEdit && (
                <IconButton
                  label={`Remove ${name}`}
                  className="h-6 w-6 opacity-0 group-hover:opacity-100 focus:opacity-100"
                  onClick={() => remove.mutate(r.id)}
                >
                  <X className="h-3.5 w-3.5" />
                </IconButton>
              )}
            </li>
          );
        })}
        {responders.data?.length === 0 && <li className="text-xs text-zinc-400">No responders yet</li>}
      </ul>
      {canEdit && (
        <form onSubmit={submit} className="flex gap-1.5">
          <label htmlFor={`${id}-add`} className="sr-only">
            Person or team
          </label>
          <select id={`${id}-add`} className={inputClass} value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">Add a person or team…</option>
            <optgroup label="People">
              {(people.data ?? [])
                .filter((p) => !taken.has(p.id))
                .map((p) => (
                  <option key={p.id} value={`person:${p.id}`}>
                    {p.name}
                  </option>
                ))}
            </optgroup>
            <optgroup label="Teams">
              {(teams.data ?? [])
                .filter((t) => !taken.has(t.id))
                .map((t) => (
                  <option key={t.id} value={`team:${t.id}`}>
                    {t.name}
                  </option>
                ))}
            </optgroup>
          </select>
          <Button type="submit" size="sm" className="h-8" disabled={!choice || add.isPending}>
            Add
          </Button>
        </form>
      )}
    </section>
  );
}
