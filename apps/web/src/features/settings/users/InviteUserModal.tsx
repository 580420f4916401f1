import { isEmailAddress } from '@opsdeck/schema/email';
import type { Role } from '@opsdeck/schema/rbac';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { Modal } from '../../../ui/Modal.js';
import { ASSIGNABLE_ROLES } from './api.js';

const input = 'h-8 w-full rounded-md border border-zinc-300 px-2.5 text-sm';

export interface Invite {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

/** Invite a user: name, email and the role they start with. */
export function InviteUserModal({
  busy,
  onSubmit,
  onClose,
}: {
  busy: boolean;
  onSubmit: (invite: Invite) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Invite>({ firstName: '', lastName: '', email: '', role: 'viewer' });
  const [error, setError] = useState<string>();
  const formId = useId();
  const ids = { first: useId(), last: useId(), email: useId(), role: useId() };
  const set = (k: keyof Invite) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isEmailAddress(form.email.trim())) return setError('Enter a valid email address');
    setError(undefined);
    onSubmit({ ...form, email: form.email.trim(), firstName: form.firstName.trim(), lastName: form.lastName.trim() });
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Invite user"
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy}>
            {busy ? 'Inviting…' : 'Invite'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid grid-cols-2 gap-3">
        <label htmlFor={ids.first} className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
          First name
          <input id={ids.first} className={input} value={form.firstName} onChange={set('firstName')} data-autofocus />
        </label>
        <label htmlFor={ids.last} className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
          Last name
          <input id={ids.last} className={input} value={form.lastName} onChange={set('lastName')} />
        </label>
        <label htmlFor={ids.email} className="col-span-2 flex flex-col gap-1 text-xs font-medium text-zinc-600">
          Email
          <input id={ids.email} type="email" className={input} value={form.email} onChange={set('email')} />
        </label>
        <label htmlFor={ids.role} className="col-span-2 flex flex-col gap-1 text-xs font-medium text-zinc-600">
          Role
          <select id={ids.role} className={input} value={form.role} onChange={set('role')}>
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {r[0]?.toUpperCase()}
                {r.slice(1)}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p role="alert" className="col-span-2 text-xs text-red-600">
            {error}
          </p>
        )}
        <p className="col-span-2 text-xs text-zinc-500">
          They get an email with a code and link, valid for 24 hours, to choose a password.
        </p>
      </form>
    </Modal>
  );
}
