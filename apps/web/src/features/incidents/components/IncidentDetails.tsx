import { INCIDENT_SEVERITIES, INCIDENT_TYPES, type IncidentSeverity, type IncidentType } from '@opsdeck/schema';
import { useId } from 'react';
import { type Incident, updateIncident } from '../api.js';
import { useIncidentWrite } from '../useIncidentWrite.js';
import { humanize } from '../utils/labels.js';
import { inputClass } from './Field.js';
import { PersonSelect } from './PersonSelect.js';

/** Severity, type, commander and communicator, each changed in place. */
export function IncidentDetails({ incident, canEdit }: { incident: Incident; canEdit: boolean }) {
  const id = useId();
  const save = useIncidentWrite((patch: Partial<Incident>) => updateIncident(incident.id, patch), {
    success: 'Incident updated successfully',
  });
  const row = 'grid grid-cols-[6.5rem_1fr] items-center gap-2';
  const label = 'text-xs text-zinc-500';
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Details
      </h3>
      <div className={row}>
        <label htmlFor={`${id}-severity`} className={label}>
          Severity
        </label>
        <select
          id={`${id}-severity`}
          className={inputClass}
          disabled={!canEdit}
          value={incident.severity}
          onChange={(e) => save.mutate({ severity: e.target.value as IncidentSeverity })}
        >
          {INCIDENT_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {humanize(s)}
            </option>
          ))}
        </select>
      </div>
      <div className={row}>
        <label htmlFor={`${id}-type`} className={label}>
          Type
        </label>
        <select
          id={`${id}-type`}
          className={inputClass}
          disabled={!canEdit}
          value={incident.type}
          onChange={(e) => save.mutate({ type: e.target.value as IncidentType })}
        >
          {INCIDENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {humanize(t)}
            </option>
          ))}
        </select>
      </div>
      <div className={row}>
        <label htmlFor={`${id}-commander`} className={label}>
          Commander
        </label>
        <PersonSelect
          id={`${id}-commander`}
          value={incident.commander_id}
          disabled={!canEdit}
          onChange={(commander_id) => save.mutate({ commander_id })}
        />
      </div>
      <div className={row}>
        <label htmlFor={`${id}-communicator`} className={label}>
          Communicator
        </label>
        <PersonSelect
          id={`${id}-communicator`}
          value={incident.communicator_id}
          disabled={!canEdit}
          onChange={(communicator_id) => save.mutate({ communicator_id })}
        />
      </div>
      {incident.description && <p className="text-xs whitespace-pre-wrap text-zinc-600">{incident.description}</p>}
    </section>
  );
}
