import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserMinus, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../../ui/Avatar.js';
import { Button, IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { useToasts } from '../../../ui/Toasts.js';
import { AddMembersModal } from './AddMembersModal.js';
import { addMembers, type Person, removeMember, type TeamMember, teamQueries } from './api.js';

/** The Members tab of a team: who is in it, add people, remove one. */
export function TeamMembers({ teamId, canEdit }: { teamId: string; canEdit: boolean }) {
  const members = useQuery(teamQueries.members(teamId));
  const client = useQueryClient();
  const toasts = useToasts();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamMember>();
  const refresh = () => client.invalidateQueries({ queryKey: teamQueries.all });

  const add = useMutation({
    mutationFn: (people: Person[]) =>
      addMembers(
        teamId,
        people.map((p) => p.id),
      ),
    onSuccess: (_r, people) => {
      setAdding(false);
      toasts.success(`${people.map((p) => p.name).join(', ')} added to the team successfully`);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (m: TeamMember) => removeMember(teamId, m.id),
    onSuccess: (_r, m) => {
      setRemoving(undefined);
      toasts.success(`${m.name} removed from team successfully`);
      return refresh();
    },
  });

  const list = members.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      {canEdit && (
        <div className="flex justify-end">
          <Button variant="primary" size="sm" icon={<UserPlus className="h-4 w-4" />} onClick={() => setAdding(true)}>
            Add members
          </Button>
        </div>
      )}
      {members.isPending ? (
        <LoadingBlock label="Loading members" />
      ) : list.length === 0 ? (
        <div className="rounded-lg bg-white ring-1 ring-zinc-200">
          <EmptyState
            message="You haven't added any team members to the team yet."
            icon={<Users className="h-8 w-8" />}
          />
        </div>
      ) : (
        <ul aria-label="Team members" className="divide-y divide-zinc-100 rounded-lg bg-white ring-1 ring-zinc-200">
          {list.map((m) => (
            <li key={m.id} className="flex items-center gap-3 px-4 py-2.5">
              <Avatar user={m} size="md" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-900">{m.name}</p>
                {m.email && <p className="truncate text-xs text-zinc-500">{m.email}</p>}
              </div>
              {canEdit && (
                <IconButton label={`Remove ${m.name}`} onClick={() => setRemoving(m)}>
                  <UserMinus className="h-4 w-4" />
                </IconButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <AddMembersModal
          memberIds={new Set(list.map((m) => m.id))}
          busy={add.isPending}
          onSubmit={(people) => add.mutate(people)}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        open={!!removing}
        title="Remove member"
        confirmLabel="Remove"
        description={
          <>
            Remove <strong className="text-zinc-900">{removing?.name}</strong> from the team? They keep their account.
          </>
        }
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(undefined)}
      />
    </div>
  );
}
