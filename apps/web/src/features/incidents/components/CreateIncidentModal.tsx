import { INCIDENT_SEVERITIES, INCIDENT_TYPES, LINK_TO_INCIDENT_DEFAULTS } from '@opsdeck/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session.js';
import { Button } from '../../../ui/Button.js';
import { Modal } from '../../../ui/Modal.js';
import { useToasts } from '../../../ui/Toasts.js';
import { createIncident, directoryQueries, incidentQueries } from '../api.js';
import { humanize } from '../utils/labels.js';
import { Field, inputClass } from './Field.js';

/** Declares an incident (title, severity, type, commander, description) and opens it. */
export function CreateIncidentModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  const session = useSession();
  const navigate = useNavigate();
  const toasts = useToasts();
  const client = useQueryClient();
  const people = useQuery(directoryQueries.people());
  const [title, setTitle] = useState('');
  const [severity, setSeverity] = useState<string>(LINK_TO_INCIDENT_DEFAULTS.severity);
  const [type, setType] = useState<string>(LINK_TO_INCIDENT_DEFAULTS.type);
  const [picked, setCommander] = useState<string>();
  // the declarer commands by default, when they are in the people directory
  const commander = picked ?? (people.data?.some((p) => p.id === session.user.id) ? session.user.id : '');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string>();

  const create = useMutation({
    mutationFn: () =>
      createIncident({ title: title.trim(), severity, type, description, commander_id: commander || null }),
    onSuccess: (incident) => {
      toasts.success('Incident created successfully');
      void client.invalidateQueries({ queryKey: incidentQueries.all });
      navigate(`/incidents/${incident.id}`);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setTitleError('This field is required');
      return;
    }
    create.mutate();
  };

  const formId = `${id}-form`;
  return (
    <Modal
      open
      onClose={create.isPending ? () => {} : onClose}
      title="Create Incident"
      size="sm"
      footer={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? 'Creating..' : 'Create'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field id={`${id}-title`} label="Title" error={titleError}>
          <input
            id={`${id}-title`}
            className={inputClass}
            value={title}
            data-autofocus
            onChange={(e) => {
              setTitle(e.target.value);
              setTitleError(undefined);
            }}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field id={`${id}-severity`} label="Severity">
            <select
              id={`${id}-severity`}
              className={inputClass}
              value={severity}
              onChange={(e) => setSeverity(e.target.value)}
            >
              {INCIDENT_SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-type`} label="Type">
            <select id={`${id}-type`} className={inputClass} value={type} onChange={(e) => setType(e.target.value)}>
              {INCIDENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {humanize(t)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id={`${id}-commander`} label="Commander">
          <select
            id={`${id}-commander`}
            className={inputClass}
            value={commander}
            onChange={(e) => setCommander(e.target.value)}
          >
            <option value="">Nobody yet</option>
            {(people.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-description`} label="Description">
          <textarea
            id={`${id}-description`}
            rows={3}
            className={`${inputClass} h-auto py-1.5`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
      </form>
    </Modal>
  );
}
