import type { Role } from '@opsdeck/schema/rbac';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Trash2, UserCog, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Avatar } from '../../../ui/Avatar.js';
import { Button, IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DataTable } from '../../../ui/DataTable.js';
import { useToasts } from '../../../ui/Toasts.js';
import { serverTableProps, useTableUrlState } from '../../../ui/useTableUrlState.js';
import { deleteUser, inviteUser, type UserRow, updateRole, userQueries } from './api.js';
import { type Invite, InviteUserModal } from './InviteUserModal.js';
import { RoleModal } from './RoleModal.js';

type Dialog = { kind: 'invite' } | { kind: 'role'; row: UserRow } | { kind: 'delete'; row: UserRow } | undefined;

/** /settings/users: who can sign in, their roles and state; invite, change role, delete. */
export function UsersPage() {
  const session = useSession();
  const canInvite = session.can('identities', 'create');
  const canChangeRole = session.can('rbac', 'update');
  const canDelete = session.can('identities', 'delete');
  const table = useTableUrlState({ defaultSort: { sortBy: 'name', sortOrder: 'asc' } });
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  const list = useQuery(userQueries.list({ pageIndex, pageSize, sortBy, sortOrder }));
  const client = useQueryClient();
  const toasts = useToasts();
  const [dialog, setDialog] = useState<Dialog>();

  const done = (message: string) => {
    setDialog(undefined);
    toasts.success(message);
    return client.invalidateQueries({ queryKey: userQueries.all });
  };
  const invite = useMutation({
    mutationFn: (i: Invite) => inviteUser(i),
    onSuccess: (_r, i) => done(`Invitation sent to ${i.email}`),
  });
  const role = useMutation({
    mutationFn: (v: { row: UserRow; role: Role }) => updateRole(v.row.id, v.role),
    onSuccess: (_r, v) => done(`${v.row.name} updated successfully`),
  });
  const remove = useMutation({
    mutationFn: (row: UserRow) => deleteUser(row.id),
    onSuccess: (_r, row) => done(`${row.name} deleted successfully`),
  });

  const columns = useMemo<ColumnDef<UserRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <span className="flex items-center gap-2.5">
            <Avatar user={row.original} size="sm" />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium text-zinc-900">{row.original.name}</span>
              {row.original.email && <span className="truncate text-xs text-zinc-500">{row.original.email}</span>}
            </span>
          </span>
        ),
      },
      {
        id: 'roles',
        header: 'Roles',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            {(row.original.roles ?? []).length === 0 && <span className="text-xs text-zinc-400">No role</span>}
            {(row.original.roles ?? []).map((r) => (
              <span
                key={r}
                className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 capitalize"
              >
                {r}
              </span>
            ))}
          </span>
        ),
      },
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) => (
          <span className="text-xs text-zinc-600 capitalize">{row.original.state ?? 'no sign-in'}</span>
        ),
      },
      {
        id: 'last_login',
        header: 'Last sign-in',
        cell: ({ row }) =>
          row.original.last_login ? (
            <Age date={row.original.last_login} suffix=" ago" className="text-xs text-zinc-500" />
          ) : (
            <span className="text-xs text-zinc-400">Never</span>
          ),
      },
      {
        id: 'created_at',
        header: 'Created',
        cell: ({ row }) => <Age date={row.original.created_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex justify-end gap-1">
            {canChangeRole && (
              <IconButton
                label={`Change role of ${row.original.name}`}
                onClick={() => setDialog({ kind: 'role', row: row.original })}
              >
                <UserCog className="h-4 w-4" />
              </IconButton>
            )}
            {canDelete && row.original.id !== session.user.id && (
              <IconButton
                label={`Delete ${row.original.name}`}
                onClick={() => setDialog({ kind: 'delete', row: row.original })}
              >
                <Trash2 className="h-4 w-4" />
              </IconButton>
            )}
          </span>
        ),
      },
    ],
    [canChangeRole, canDelete, session.user.id],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      {canInvite && (
        <TopBarExtra>
          <Button
            variant="primary"
            size="sm"
            icon={<UserPlus className="h-4 w-4" />}
            onClick={() => setDialog({ kind: 'invite' })}
          >
            Invite user
          </Button>
        </TopBarExtra>
      )}
      <DataTable<UserRow> label="Users" columns={columns} getRowId={(r) => r.id} {...serverTableProps(table, list)} />
      {dialog?.kind === 'invite' && (
        <InviteUserModal
          busy={invite.isPending}
          onSubmit={(i) => invite.mutate(i)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'role' && (
        <RoleModal
          user={dialog.row}
          busy={role.isPending}
          onSubmit={(r) => role.mutate({ row: dialog.row, role: r })}
          onClose={() => setDialog(undefined)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete user"
        description={
          <>
            Are you sure you want to delete this resource?{' '}
            <strong className="text-zinc-900">{dialog?.kind === 'delete' && dialog.row.name}</strong> will no longer be
            able to sign in; their sessions, tokens and team memberships end.
          </>
        }
        busy={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.row)}
        onCancel={() => setDialog(undefined)}
      />
    </div>
  );
}
