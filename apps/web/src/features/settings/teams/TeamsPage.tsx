import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Button, IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DataTable } from '../../../ui/DataTable.js';
import { Modal } from '../../../ui/Modal.js';
import { useToasts } from '../../../ui/Toasts.js';
import { serverTableProps, useTableUrlState } from '../../../ui/useTableUrlState.js';
import { createTeam, deleteTeam, type TeamRow, teamQueries } from './api.js';
import { TeamDetail } from './TeamDetail.js';

function NewTeamModal({
  busy,
  onSubmit,
  onClose,
}: {
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const formId = useId();
  const inputId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Name is required');
    onSubmit(name.trim());
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Add team"
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
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-xs font-medium text-zinc-600">
          Name
        </label>
        <input
          id={inputId}
          className="h-8 w-full rounded-md border border-zinc-300 px-2.5 text-sm"
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-autofocus
        />
        {error && (
          <p role="alert" className="text-xs text-red-600">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

function TeamsList() {
  const session = useSession();
  const canCreate = session.can('identities', 'create');
  const canDelete = session.can('identities', 'delete');
  const navigate = useNavigate();
  const table = useTableUrlState({ defaultSort: { sortBy: 'name', sortOrder: 'asc' } });
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  const list = useQuery(teamQueries.list({ pageIndex, pageSize, sortBy, sortOrder }));
  const client = useQueryClient();
  const toasts = useToasts();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TeamRow>();

  const create = useMutation({
    mutationFn: (name: string) => createTeam(name),
    onSuccess: (_r, name) => {
      setAdding(false);
      toasts.success(`${name} created successfully`);
      return client.invalidateQueries({ queryKey: teamQueries.all });
    },
  });
  const remove = useMutation({
    mutationFn: (t: TeamRow) => deleteTeam(t.id),
    onSuccess: (_r, t) => {
      setDeleting(undefined);
      toasts.success(`${t.name} deleted successfully`);
      return client.invalidateQueries({ queryKey: teamQueries.all });
    },
  });

  const columns = useMemo<ColumnDef<TeamRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => <span className="font-medium text-zinc-900">{row.original.name}</span>,
      },
      {
        id: 'members',
        header: 'Members',
        enableSorting: false,
        cell: ({ row }) => <span className="tabular-nums">{row.original.team_members?.length ?? 0}</span>,
      },
      {
        id: 'updated_at',
        header: 'Updated',
        cell: ({ row }) => <Age date={row.original.updated_at} suffix=" ago" className="text-xs text-zinc-500" />,
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
        cell: ({ row }) =>
          canDelete && (
            <span className="flex justify-end">
              <IconButton
                label={`Delete ${row.original.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  setDeleting(row.original);
                }}
              >
                <Trash2 className="h-4 w-4" />
              </IconButton>
            </span>
          ),
      },
    ],
    [canDelete],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      {canCreate && (
        <TopBarExtra>
          <Button variant="primary" size="sm" icon={<Plus className="h-4 w-4" />} onClick={() => setAdding(true)}>
            Add team
          </Button>
        </TopBarExtra>
      )}
      <DataTable<TeamRow>
        label="Teams"
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={(r) => navigate(`/settings/teams/${r.id}`)}
        {...serverTableProps(table, list)}
      />
      {adding && (
        <NewTeamModal busy={create.isPending} onSubmit={(n) => create.mutate(n)} onClose={() => setAdding(false)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Delete team"
        description="Are you sure you want to delete this resource?"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </div>
  );
}

/** /settings/teams and /settings/teams/:id: the list of teams, and one team with its members. */
export function TeamsPage() {
  const { id } = useParams();
  return id ? <TeamDetail id={id} /> : <TeamsList />;
}
