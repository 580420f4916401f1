import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Button, IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DataTable } from '../../../ui/DataTable.js';
import { useToasts } from '../../../ui/Toasts.js';
import { serverTableProps, useTableUrlState } from '../../../ui/useTableUrlState.js';
import { createProperty, deleteProperty, type Property, propertyQueries, updateProperty } from './api.js';
import { LocalProperties } from './LocalProperties.js';
import { PropertyForm } from './PropertyForm.js';

type Dialog = { kind: 'add' } | { kind: 'edit'; row: Property } | { kind: 'delete'; row: Property } | undefined;

/** /settings/feature-flags: the properties that switch features off, sorted and paged by the server. */
export function FeatureFlagsPage() {
  const session = useSession();
  const canCreate = session.can('feature_flags', 'create');
  const canUpdate = session.can('feature_flags', 'update');
  const canDelete = session.can('feature_flags', 'delete');
  const table = useTableUrlState({ defaultSort: { sortBy: 'name', sortOrder: 'asc' } });
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  const list = useQuery(propertyQueries.list({ pageIndex, pageSize, sortBy, sortOrder }));
  const client = useQueryClient();
  const toasts = useToasts();
  const [dialog, setDialog] = useState<Dialog>();

  const done = (message: string) => {
    setDialog(undefined);
    toasts.success(message);
    return client.invalidateQueries({ queryKey: propertyQueries.all });
  };
  const save = useMutation({
    mutationFn: (p: { name: string; value: string }) =>
      dialog?.kind === 'edit' ? updateProperty(p.name, p.value) : createProperty(p),
    onSuccess: () =>
      done(dialog?.kind === 'edit' ? 'Feature flag updated successfully' : 'Feature flag created successfully'),
  });
  const remove = useMutation({
    mutationFn: (name: string) => deleteProperty(name),
    onSuccess: () => done('Feature flag deleted successfully'),
  });

  const columns = useMemo<ColumnDef<Property, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: 'Name',
        cell: ({ row }) => <span className="font-mono text-xs text-zinc-900">{row.original.name}</span>,
      },
      {
        id: 'value',
        accessorKey: 'value',
        header: 'Value',
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.value}</span>,
      },
      {
        id: 'updated_at',
        accessorKey: 'updated_at',
        header: 'Updated',
        cell: ({ row }) => <Age date={row.original.updated_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex justify-end gap-1">
            {canUpdate && (
              <IconButton
                label={`Edit ${row.original.name}`}
                onClick={() => setDialog({ kind: 'edit', row: row.original })}
              >
                <Pencil className="h-4 w-4" />
              </IconButton>
            )}
            {canDelete && (
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
    [canUpdate, canDelete],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <LocalProperties />
      {canCreate && (
        <TopBarExtra>
          <Button
            variant="primary"
            size="sm"
            icon={<Plus className="h-4 w-4" />}
            onClick={() => setDialog({ kind: 'add' })}
          >
            Add flag
          </Button>
        </TopBarExtra>
      )}
      <DataTable<Property>
        label="Feature flags"
        columns={columns}
        getRowId={(r) => r.name}
        {...serverTableProps(table, list)}
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <PropertyForm
          open
          editing={dialog.kind === 'edit' ? dialog.row : undefined}
          busy={save.isPending}
          onSubmit={(p) => save.mutate(p)}
          onClose={() => setDialog(undefined)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete feature flag"
        description={
          <>
            Delete{' '}
            <code className="font-mono text-xs text-zinc-900">{dialog?.kind === 'delete' && dialog.row.name}</code>? The
            feature it controls goes back to its default.
          </>
        }
        busy={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.row.name)}
        onCancel={() => setDialog(undefined)}
      />
    </div>
  );
}
