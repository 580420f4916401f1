import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { Modal } from '../../../ui/Modal.js';

export interface PropertyFormProps {
  open: boolean;
  /** The flag being edited; its name cannot change. Undefined adds a new one. */
  editing?: { name: string; value: string };
  busy: boolean;
  onSubmit: (p: { name: string; value: string }) => void;
  onClose: () => void;
}

const input = 'h-8 w-full rounded-md border border-zinc-300 px-2.5 text-sm disabled:bg-zinc-100 disabled:text-zinc-500';

/** Add or edit a feature flag (a property) in a modal. */
export function PropertyForm({ open, editing, busy, onSubmit, onClose }: PropertyFormProps) {
  const [name, setName] = useState(editing?.name ?? '');
  const [value, setValue] = useState(editing?.value ?? 'true');
  const [error, setError] = useState<string>();
  const nameId = useId();
  const valueId = useId();
  const formId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return setError('Name is required');
    if (/\s/.test(n)) return setError('Name cannot contain spaces');
    if (!value.trim()) return setError('Value is required');
    setError(undefined);
    onSubmit({ name: n, value: value.trim() });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={editing ? 'Edit feature flag' : 'Add feature flag'}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor={nameId} className="text-xs font-medium text-zinc-600">
            Name
          </label>
          <input
            id={nameId}
            className={input}
            value={name}
            disabled={!!editing}
            placeholder="incidents.disable"
            onChange={(e) => setName(e.target.value)}
            data-autofocus={editing ? undefined : true}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={valueId} className="text-xs font-medium text-zinc-600">
            Value
          </label>
          <input
            id={valueId}
            className={input}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-autofocus={editing ? true : undefined}
          />
        </div>
        {error && (
          <p role="alert" className="text-xs text-red-600">
            {error}
          </p>
        )}
        <p className="text-xs text-zinc-500">
          <code className="font-mono">{'{feature}.disable'}</code> set to <code className="font-mono">true</code> hides
          a feature and everything under it, e.g. <code className="font-mono">incidents.disable</code>.
        </p>
      </form>
    </Modal>
  );
}
