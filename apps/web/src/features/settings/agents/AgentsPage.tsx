import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Button, IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { cx } from '../../../ui/cx.js';
import { DataTable } from '../../../ui/DataTable.js';
import { useToasts } from '../../../ui/Toasts.js';
import { serverTableProps, useTableUrlState } from '../../../ui/useTableUrlState.js';
import { AgentModal, AgentTokenModal } from './AgentModal.js';
import {
  type AgentChanges,
  type AgentRow,
  agentQueries,
  deleteAgent,
  type GeneratedAgent,
  generateAgent,
  updateAgent,
} from './api.js';

const STATUS_CLASS = {
  online: 'bg-emerald-100 text-emerald-800',
  offline: 'bg-red-100 text-red-800',
  unknown: 'bg-zinc-100 text-zinc-600',
} as const;

/** /settings/agents: agents with their status, counts and last push; add (token once), edit properties, delete. */
export function AgentsPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const table = useTableUrlState({ defaultSort: { sortBy: 'name', sortOrder: 'asc' } });
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  const list = useQuery(agentQueries.list({ pageIndex, pageSize, sortBy, sortOrder }));
  const client = useQueryClient();
  const toasts = useToasts();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<GeneratedAgent & { name: string }>();
  const [deleting, setDeleting] = useState<AgentRow>();
  const [serverError, setServerError] = useState<string>();
  const editing = list.data?.rows.find((a) => a.id === params.get('id'));
  const closeEdit = () =>
    setParams(
      (p) => {
        p.delete('id');
        return p;
      },
      { replace: true },
    );
  const refresh = () => client.invalidateQueries({ queryKey: agentQueries.all });

  const generate = useMutation({
    mutationFn: generateAgent,
    onSuccess: (r, v) => {
      setAdding(false);
      setServerError(undefined);
      setCreated({ ...r, name: v.name });
      return refresh();
    },
    onError: (err) => {
      const message = errorMessage(err);
      if (/name|already exists/.test(message))
        setServerError(message.startsWith('name') ? message : `name: ${message}`);
      else toasts.error(message);
    },
  });
  const update = useMutation({
    mutationFn: (v: { id: string; changes: AgentChanges }) => updateAgent(v.id, v.changes),
    onSuccess: () => {
      toasts.success(`${editing?.name} updated successfully`);
      closeEdit();
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (a: AgentRow) => deleteAgent(a.id),
    onSuccess: (_r, a) => {
      setDeleting(undefined);
      toasts.success(`${a.name} deleted successfully`);
      return refresh();
    },
  });

  const canDelete = session.can('agents', 'update');
  const columns = useMemo<ColumnDef<AgentRow, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      { id: 'config_count', header: 'Configs', cell: ({ row }) => row.original.config_count || '' },
      { id: 'checks_count', header: 'Checks', cell: ({ row }) => row.original.checks_count || '' },
      { id: 'config_scrapper_count', header: 'Scrapers', cell: ({ row }) => row.original.config_scrapper_count || '' },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <span
            className={cx('rounded px-1.5 py-0.5 text-xs font-medium capitalize', STATUS_CLASS[row.original.status])}
          >
            {row.original.status}
          </span>
        ),
      },
      {
        id: 'last_received',
        header: 'Last Pushed',
        cell: ({ row }) =>
          row.original.last_received ? (
            <Age date={row.original.last_received} suffix=" ago" className="text-xs text-zinc-600" />
          ) : (
            <span className="text-xs text-zinc-400">Never</span>
          ),
      },
      {
        id: 'created_at',
        header: 'Created',
        cell: ({ row }) => <Age date={row.original.created_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
      { id: 'created_by_name', header: 'Created By', cell: ({ row }) => row.original.created_by_name ?? '' },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) =>
          canDelete && (
            <IconButton
              label={`Delete ${row.original.name}`}
              onClick={(e) => {
                e.stopPropagation();
                setDeleting(row.original);
              }}
            >
              <Trash2 className="h-4 w-4" />
            </IconButton>
          ),
      },
    ],
    [canDelete],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      {/* an agent's name is claimed by an admin only (the server refuses editors too) */}
      {session.isAdmin && session.can('agents', 'create') && (
        <TopBarExtra>
          <Button variant="primary" size="sm" icon={<Plus className="h-4 w-4" />} onClick={() => setAdding(true)}>
            Add Agent
          </Button>
        </TopBarExtra>
      )}
      <DataTable<AgentRow>
        label="Agents"
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={
          session.can('agents', 'update')
            ? (r) =>
                setParams(
                  (p) => {
                    p.set('id', r.id);
                    return p;
                  },
                  { replace: true },
                )
            : undefined
        }
        {...serverTableProps(table, list)}
      />
      {adding && (
        <AgentModal
          busy={generate.isPending}
          serverError={serverError}
          onSubmit={(v) => generate.mutate(v)}
          onClose={() => {
            setAdding(false);
            setServerError(undefined);
          }}
        />
      )}
      {editing && (
        <AgentModal
          key={editing.id}
          agent={editing}
          admin={session.isAdmin}
          busy={update.isPending}
          onSubmit={({ name: _name, ...changes }) => update.mutate({ id: editing.id, changes })}
          onClose={closeEdit}
        />
      )}
      {created && <AgentTokenModal agent={created} onClose={() => setCreated(undefined)} />}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete ${deleting?.name ?? ''}`}
        description="Are you sure you want to delete this resource? Its tokens stop working at once."
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </div>
  );
}
