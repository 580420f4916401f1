import type { Role } from '@opsdeck/schema/rbac';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { Modal } from '../../../ui/Modal.js';
import { ASSIGNABLE_ROLES, type UserRow } from './api.js';

/** Change the role of a user. */
export function RoleModal({
  user,
  busy,
  onSubmit,
  onClose,
}: {
  user: UserRow;
  busy: boolean;
  onSubmit: (role: Role) => void;
  onClose: () => void;
}) {
  const current = user.roles?.find((r) => (ASSIGNABLE_ROLES as readonly string[]).includes(r));
  const [role, setRole] = useState<Role>(current ?? 'viewer');
  const id = useId();
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={`Change role of ${user.name}`}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => onSubmit(role)} disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <label htmlFor={id} className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
        Role
        <select
          id={id}
          className="h-8 w-full rounded-md border border-zinc-300 px-2.5 text-sm"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          data-autofocus
        >
          {ASSIGNABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {r[0]?.toUpperCase()}
              {r.slice(1)}
            </option>
          ))}
        </select>
      </label>
    </Modal>
  );
}
