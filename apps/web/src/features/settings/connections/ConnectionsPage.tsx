import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { PlugZap, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/errors.js';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Button, IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DataTable } from '../../../ui/DataTable.js';
import { isUiManaged } from '../../../ui/forms/origin.js';
import { useToasts } from '../../../ui/Toasts.js';
import { connectionQueries, deleteConnection, testConnection } from './api.js';
import { ConnectionFormModal } from './ConnectionFormModal.js';
import type { ConnectionRow } from './connectionForm.js';
import { connectionType } from './connectionTypes.js';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; row: ConnectionRow }
  | { kind: 'delete'; row: ConnectionRow }
  | undefined;

/** Where a connection points, without its secrets (the list's URL is already masked by the server). */
function target(row: ConnectionRow): string {
  const p = row.properties ?? {};
  if (row.url) return row.url;
  if (p.host) return p.port ? `${p.host}:${p.port}` : p.host;
  return p.bucket ?? p.channel ?? '';
}

/** /settings/connections: the stored connections, add and edit per type, Test and Delete. */
export function ConnectionsPage() {
  const session = useSession();
  const canCreate = session.can('connections', 'create');
  const canUpdate = session.can('connections', 'update');
  const canDelete = session.can('connections', 'delete');
  const list = useQuery(connectionQueries.list());
  const client = useQueryClient();
  const toasts = useToasts();
  const [dialog, setDialog] = useState<Dialog>();
  // connection load errors show as a toast
  useEffect(() => {
    if (list.error) toasts.error(errorMessage(list.error));
  }, [list.error, toasts]);

  const test = useMutation({
    mutationFn: (row: ConnectionRow) => testConnection(row.id),
    onSuccess: (res, row) => toasts.success(`${row.name}: ${res.message}`),
    onError: (err, row) => toasts.error(`${row.name}: ${errorMessage(err)}`),
  });
  const remove = useMutation({
    mutationFn: (row: ConnectionRow) => deleteConnection(row.id),
    onSuccess: async (_res, row) => {
      setDialog(undefined);
      toasts.success(`${row.name} deleted successfully`);
      await client.invalidateQueries({ queryKey: connectionQueries.all });
    },
    onError: (err) => toasts.error(errorMessage(err)),
  });

  const columns = useMemo<ColumnDef<ConnectionRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => <span className="font-medium text-zinc-900">{row.original.name}</span>,
      },
      {
        id: 'type',
        header: 'Type',
        cell: ({ row }) => <span className="text-xs">{connectionType(row.original.type).label}</span>,
      },
      { id: 'namespace', header: 'Namespace', accessorKey: 'namespace' },
      {
        id: 'source',
        header: 'Source',
        cell: ({ row }) => <span className="text-xs">{row.original.source ?? 'UI'}</span>,
      },
      {
        id: 'target',
        header: 'Endpoint',
        cell: ({ row }) => <span className="font-mono text-xs text-zinc-600">{target(row.original)}</span>,
      },
      {
        id: 'updated_at',
        header: 'Updated',
        cell: ({ row }) => <Age date={row.original.updated_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: stops the row click behind the buttons
          // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside handle the keyboard
          <span className="flex justify-end gap-1" onClick={(e) => e.stopPropagation()}>
            <Button
              size="sm"
              icon={<PlugZap className="h-3.5 w-3.5" />}
              disabled={test.isPending && test.variables?.id === row.original.id}
              onClick={() => test.mutate(row.original)}
              aria-label={`Test ${row.original.name}`}
            >
              Test
            </Button>
            {canDelete && isUiManaged(row.original.source) && (
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
    [canDelete, test],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      {canCreate && (
        <TopBarExtra>
          <Button
            variant="primary"
            size="sm"
            icon={<Plus className="h-4 w-4" />}
            onClick={() => setDialog({ kind: 'add' })}
          >
            Add connection
          </Button>
        </TopBarExtra>
      )}
      <DataTable<ConnectionRow>
        label="Connections"
        columns={columns}
        data={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        getRowId={(r) => r.id}
        onRowClick={(r) => setDialog({ kind: 'edit', row: r })}
        isLoading={list.isFetching}
        error={list.error}
        pageIndex={0}
        pageSize={100}
        pageSizeOptions={[100]}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <ConnectionFormModal
          row={dialog.kind === 'edit' ? dialog.row : undefined}
          readOnly={dialog.kind === 'edit' ? !canUpdate || !isUiManaged(dialog.row.source) : !canCreate}
          onClose={() => setDialog(undefined)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={`Delete ${dialog?.kind === 'delete' ? dialog.row.name : ''}`}
        description="Are you sure you want to delete this resource?"
        busy={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.row)}
        onCancel={() => setDialog(undefined)}
      />
    </div>
  );
}
