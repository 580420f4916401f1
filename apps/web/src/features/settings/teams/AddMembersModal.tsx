import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Avatar } from '../../../ui/Avatar.js';
import { Button } from '../../../ui/Button.js';
import { Modal } from '../../../ui/Modal.js';
import { type Person, teamQueries } from './api.js';

/** Pick people who are not in the team yet, by name or email. */
export function AddMembersModal({
  memberIds,
  busy,
  onSubmit,
  onClose,
}: {
  memberIds: ReadonlySet<string>;
  busy: boolean;
  onSubmit: (people: Person[]) => void;
  onClose: () => void;
}) {
  const people = useQuery(teamQueries.people());
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const searchId = useId();
  const q = search.trim().toLowerCase();
  const candidates = (people.data ?? []).filter(
    (p) =>
      !memberIds.has(p.id) && (!q || p.name.toLowerCase().includes(q) || (p.email ?? '').toLowerCase().includes(q)),
  );
  const toggle = (id: string) =>
    setPicked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = (people.data ?? []).filter((p) => picked.has(p.id));
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Add members"
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" disabled={busy || chosen.length === 0} onClick={() => onSubmit(chosen)}>
            {busy ? 'Adding…' : chosen.length > 1 ? `Add ${chosen.length} members` : 'Add'}
          </Button>
        </>
      }
    >
      <label htmlFor={searchId} className="sr-only">
        Search people
      </label>
      <input
        id={searchId}
        type="search"
        placeholder="Search by name or email"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="mb-3 h-8 w-full rounded-md border border-zinc-300 px-2.5 text-sm"
        data-autofocus
      />
      {people.isPending ? (
        <p className="py-6 text-center text-sm text-zinc-500">Loading people…</p>
      ) : candidates.length === 0 ? (
        <p className="py-6 text-center text-sm text-zinc-500">No options found</p>
      ) : (
        <ul
          aria-label="People"
          className="max-h-72 divide-y divide-zinc-100 overflow-auto rounded-md ring-1 ring-zinc-200"
        >
          {candidates.map((p) => (
            <li key={p.id}>
              <label className="flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm hover:bg-zinc-50">
                <input type="checkbox" checked={picked.has(p.id)} onChange={() => toggle(p.id)} className="h-4 w-4" />
                <Avatar user={p} size="sm" />
                <span className="min-w-0 flex-1 truncate text-zinc-800">{p.name}</span>
                {p.email && <span className="truncate text-xs text-zinc-500">{p.email}</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
