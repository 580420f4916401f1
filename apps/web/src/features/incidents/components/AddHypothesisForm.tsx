import type { HypothesisType } from '@opsdeck/schema';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { createHypothesis } from '../api.js';
import { useIncidentWrite } from '../useIncidentWrite.js';
import { humanize } from '../utils/labels.js';
import { inputClass } from './Field.js';

/** One-line form adding a hypothesis of `type` (under `parentId` for factors and solutions). */
export function AddHypothesisForm({
  incidentId,
  type,
  parentId,
  onDone,
}: {
  incidentId: string;
  type: HypothesisType;
  parentId?: string;
  onDone?: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState('');
  const add = useIncidentWrite(() =>
    createHypothesis({ incident_id: incidentId, title: title.trim(), type, parent_id: parentId ?? null }),
  );
  const label = type === 'root' ? 'New hypothesis' : `New ${type}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    add.mutate(undefined, {
      onSuccess: () => {
        setTitle('');
        onDone?.();
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        className={`${inputClass} h-7 text-xs`}
        placeholder={type === 'root' ? 'What might be causing this?' : `${humanize(type)}…`}
        value={title}
        // biome-ignore lint/a11y/noAutofocus: opened by the person's click on add
        autoFocus={type !== 'root'}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone?.()}
      />
      <Button type="submit" size="sm" disabled={!title.trim() || add.isPending}>
        {type === 'root' ? 'Add hypothesis' : `Add ${type}`}
      </Button>
    </form>
  );
}
