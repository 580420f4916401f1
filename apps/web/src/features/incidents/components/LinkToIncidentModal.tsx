import {
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
  LINK_TO_INCIDENT_DEFAULTS,
  type LinkToIncident,
  linkToIncidentSchema,
} from '@opsdeck/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSession } from '../../../app/session.js';
import { Button } from '../../../ui/Button.js';
import { Modal } from '../../../ui/Modal.js';
import { useToasts } from '../../../ui/Toasts.js';
import { type EvidenceTarget, incidentQueries } from '../api.js';
import { linkToIncident } from '../linkToIncident.js';
import { humanize } from '../utils/labels.js';
import { Field, inputClass } from './Field.js';

const NEW = '__new__';

export interface LinkToIncidentModalProps {
  open: boolean;
  onClose: () => void;
  /** What becomes evidence: one check, config item or topology component. */
  target: EvidenceTarget;
  /** Title of a new incident (and its hypothesis), e.g. 'api-health is unhealthy'. */
  defaultTitle: string;
  /** The evidence's description; the default title when left out. */
  description?: string;
}

/** Whether this person may attach evidence: write on incidents and the incidents feature on. */
export function useCanLinkToIncident(): boolean {
  const session = useSession();
  return (
    session.can('incident', 'create') && session.can('evidences', 'create') && !session.featureDisabled('incidents')
  );
}

type Errors = Partial<Record<keyof LinkToIncident, string>>;

/**
 * 'Link to Incident': pick an open incident or create one, with severity and type
 * (defaults low and availability), and for an existing incident a hypothesis to hang the evidence on.
 */
export function LinkToIncidentModal({ open, onClose, target, defaultTitle, description }: LinkToIncidentModalProps) {
  if (!open) return null;
  return <LinkForm onClose={onClose} target={target} defaultTitle={defaultTitle} description={description} />;
}

function LinkForm({ onClose, target, defaultTitle, description }: Omit<LinkToIncidentModalProps, 'open'>) {
  const id = useId();
  const toasts = useToasts();
  const client = useQueryClient();
  const [incident, setIncident] = useState(NEW);
  const [title, setTitle] = useState(defaultTitle);
  const [severity, setSeverity] = useState<string>(LINK_TO_INCIDENT_DEFAULTS.severity);
  const [type, setType] = useState<string>(LINK_TO_INCIDENT_DEFAULTS.type);
  const [hypothesis, setHypothesis] = useState(NEW);
  const [hypothesisTitle, setHypothesisTitle] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const existing = incident !== NEW;
  const incidents = useQuery(incidentQueries.active());
  const hypotheses = useQuery({ ...incidentQueries.hypotheses(incident), enabled: existing });

  const link = useMutation({
    mutationFn: (form: LinkToIncident) => linkToIncident(form, target, description ?? defaultTitle),
    onSuccess: ({ incidentId }) => {
      // the one toast shown top right, next to the button that opened the modal
      toasts.success(
        'Linked to incident successfully',
        { href: `/incidents/${incidentId}`, label: 'View incident' },
        'top-right',
      );
      void client.invalidateQueries({ queryKey: incidentQueries.all });
      onClose();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = {
      incident_id: existing ? incident : undefined,
      title: existing ? undefined : title,
      severity,
      type,
      hypothesis_id: existing && hypothesis !== NEW ? hypothesis : undefined,
      hypothesis_title: existing && hypothesis === NEW ? hypothesisTitle : undefined,
    };
    const parsed = linkToIncidentSchema.safeParse(values);
    if (!parsed.success) {
      // zod skips the incident and hypothesis rules while severity or type is invalid: ask again
      // with valid ones so every message shows at once
      const rules = linkToIncidentSchema.safeParse({ ...values, ...LINK_TO_INCIDENT_DEFAULTS });
      const issues = [...parsed.error.issues, ...(rules.success ? [] : rules.error.issues)];
      const next: Errors = {};
      for (const issue of issues) {
        const key = String(issue.path[0] ?? 'incident_id') as keyof LinkToIncident;
        next[key] ??= issue.message;
      }
      // an empty title is the same mistake as picking no incident
      if (next.incident_id && !existing) next.title = next.incident_id;
      if (next.hypothesis_id && hypothesis === NEW) next.hypothesis_title = next.hypothesis_id;
      setErrors(next);
      return;
    }
    setErrors({});
    link.mutate(parsed.data);
  };

  const formId = `${id}-form`;
  return (
    <Modal
      open
      onClose={link.isPending ? () => {} : onClose}
      title="Link to Incident"
      size="sm"
      footer={
        <>
          <Button onClick={onClose} disabled={link.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={link.isPending}>
            {link.isPending ? 'Linking..' : 'Link'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field id={`${id}-incident`} label="Incident" error={existing ? errors.incident_id : undefined}>
          <select
            id={`${id}-incident`}
            className={inputClass}
            value={incident}
            onChange={(e) => {
              setIncident(e.target.value);
              setHypothesis(NEW);
              setErrors({});
            }}
          >
            <option value={NEW}>Create a new incident</option>
            {(incidents.data ?? []).map((i) => (
              <option key={i.id} value={i.id}>
                {i.incident_id} · {i.title} ({i.status})
              </option>
            ))}
          </select>
        </Field>
        {existing ? (
          <>
            <Field
              id={`${id}-hypothesis`}
              label="Hypothesis"
              error={hypothesis !== NEW ? errors.hypothesis_id : undefined}
            >
              <select
                id={`${id}-hypothesis`}
                className={inputClass}
                value={hypothesis}
                onChange={(e) => setHypothesis(e.target.value)}
              >
                <option value={NEW}>Create a new hypothesis</option>
                {(hypotheses.data ?? []).map((h) => (
                  <option key={h.id} value={h.id}>
                    {humanize(h.type)}: {h.title}
                  </option>
                ))}
              </select>
            </Field>
            {hypothesis === NEW && (
              <Field id={`${id}-hypothesis-title`} label="New hypothesis" error={errors.hypothesis_title}>
                <input
                  id={`${id}-hypothesis-title`}
                  className={inputClass}
                  value={hypothesisTitle}
                  placeholder="What might be causing this?"
                  onChange={(e) => setHypothesisTitle(e.target.value)}
                />
              </Field>
            )}
          </>
        ) : (
          <Field id={`${id}-title`} label="Title" error={errors.title}>
            <input id={`${id}-title`} className={inputClass} value={title} onChange={(e) => setTitle(e.target.value)} />
          </Field>
        )}
        <div className="grid grid-cols-2 gap-3">
          <Field id={`${id}-severity`} label="Severity" error={errors.severity}>
            <select
              id={`${id}-severity`}
              className={inputClass}
              value={severity}
              disabled={existing}
              onChange={(e) => setSeverity(e.target.value)}
            >
              <option value="">Select…</option>
              {INCIDENT_SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-type`} label="Type" error={errors.type}>
            <select
              id={`${id}-type`}
              className={inputClass}
              value={type}
              disabled={existing}
              onChange={(e) => setType(e.target.value)}
            >
              <option value="">Select…</option>
              {INCIDENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {humanize(t)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </form>
    </Modal>
  );
}

/** A 'Link to Incident' button with its modal; renders nothing for people who may not attach evidence. */
export function LinkToIncidentButton({
  target,
  defaultTitle,
  description,
  size = 'sm',
}: Omit<LinkToIncidentModalProps, 'open' | 'onClose'> & { size?: 'sm' | 'md' }) {
  const allowed = useCanLinkToIncident();
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        Link to Incident
      </Button>
      <LinkToIncidentModal
        open={open}
        onClose={() => setOpen(false)}
        target={target}
        defaultTitle={defaultTitle}
        description={description}
      />
    </>
  );
}
