import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Lock, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Avatar } from '../../../ui/Avatar.js';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DataTable } from '../../../ui/DataTable.js';
import { isUiManaged, originOf } from '../../../ui/forms/origin.js';
import { useToasts } from '../../../ui/Toasts.js';
import { serverTableProps, useTableUrlState } from '../../../ui/useTableUrlState.js';
import {
  createPermission,
  deletePermission,
  type PermissionInput,
  type PermissionRow,
  type PermissionScope,
  permissionQueries,
  updatePermission,
} from './api.js';
import { PermissionModal } from './PermissionModal.js';
import { emptyForm, fromRow, type PermissionForm, resourceLabel, subjectLabel } from './permissionForm.js';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; row: PermissionRow }
  | { kind: 'delete'; row: PermissionRow }
  | undefined;

const SCOPE_KIND = {
  config_id: 'Catalog',
  component_id: 'Component',
  connection_id: 'Connection',
  playbook_id: 'Playbook',
} as const;

const SUBJECT_SCOPE = { notification_id: 'Notification', team_id: 'Team' } as const;

/** The Add Permission form's start: on a resource's or subject's tab, that one. */
function startForm(scope: PermissionScope | undefined): PermissionForm {
  const [column, value] = Object.entries(scope ?? {})[0] ?? [];
  if (!column || !value) return emptyForm();
  if (column in SUBJECT_SCOPE)
    return emptyForm({
      subjectKind: SUBJECT_SCOPE[column as keyof typeof SUBJECT_SCOPE],
      subject: { [column]: value },
    });
  return emptyForm({ resourceKind: SCOPE_KIND[column as keyof typeof SCOPE_KIND], resource: { [column]: value } });
}

/** Whether a scope names a resource (its tab fixes the resource) rather than a subject. */
const scopesResource = (scope: PermissionScope | undefined) => Object.keys(scope ?? {}).some((c) => c in SCOPE_KIND);

/**
 * Permission rows, paged and sorted by the server, with Add/Edit Permission and delete. On
 * /settings/permissions it lists every row; a resource's permission tab passes `scope` and hides
 * the Resource column.
 */
export function PermissionsTable({ scope, hideResource = false }: { scope?: PermissionScope; hideResource?: boolean }) {
  const session = useSession();
  const canCreate = session.can('permissions', 'create');
  const canUpdate = session.can('permissions', 'update');
  const canDelete = session.can('permissions', 'delete');
  const table = useTableUrlState({ defaultSort: { sortBy: 'created_at', sortOrder: 'desc' } });
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  const list = useQuery(permissionQueries.summary({ pageIndex, pageSize, sortBy, sortOrder, scope }));
  const client = useQueryClient();
  const toasts = useToasts();
  const [dialog, setDialog] = useState<Dialog>();

  const done = (message: string) => {
    setDialog(undefined);
    toasts.success(message);
    return client.invalidateQueries({ queryKey: permissionQueries.all });
  };
  const save = useMutation({
    mutationFn: (v: { id?: string; input: PermissionInput }) =>
      v.id ? updatePermission(v.id, v.input) : createPermission(v.input),
    onSuccess: (_r, v) => done(v.id ? 'Permission updated' : 'Permission added'),
  });
  const remove = useMutation({
    mutationFn: (row: PermissionRow) => deletePermission(row.id),
    onSuccess: () => done('Permission deleted'),
  });

  const columns = useMemo<ColumnDef<PermissionRow, unknown>[]>(() => {
    const all: Array<ColumnDef<PermissionRow, unknown> | false> = [
      {
        id: 'subject_name',
        header: 'Subject',
        cell: ({ row }) => (
          <span className="flex items-center gap-2">
            {row.original.person && <Avatar user={row.original.person} size="sm" />}
            <span className="font-medium text-zinc-900">{subjectLabel(row.original)}</span>
            <span className="text-xs text-zinc-500">
              {row.original.team
                ? 'Team'
                : row.original.person
                  ? 'Person'
                  : row.original.notification
                    ? 'Notification'
                    : row.original.subject_type === 'group'
                      ? 'Group'
                      : ''}
            </span>
            {!isUiManaged(row.original.source) && (
              <span
                className="flex items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-900"
                title={`Read-only: managed by ${originOf(row.original.source).label}`}
              >
                <Lock aria-hidden className="h-3 w-3" />
                {row.original.source === 'ConfigFile' ? 'managed by YAML' : `managed by ${row.original.source}`}
              </span>
            )}
          </span>
        ),
      },
      !hideResource && {
        id: 'object',
        header: 'Resource',
        cell: ({ row }) => {
          const r = resourceLabel(row.original);
          return (
            <span className="flex items-center gap-1.5">
              <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600">{r.kind}</span>
              <span className="truncate">{r.name}</span>
            </span>
          );
        },
      },
      {
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <span className="flex items-center gap-1.5">
            <code className="font-mono text-xs">{row.original.action}</code>
            {row.original.deny && (
              <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700">deny</span>
            )}
            {row.original.until && (
              <span className="text-xs text-zinc-500">
                until <Age date={row.original.until} />
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'description',
        header: 'Description',
        cell: ({ row }) => <span className="text-sm text-zinc-600">{row.original.description}</span>,
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
        id: 'created_by',
        header: 'Created By',
        cell: ({ row }) =>
          row.original.createdBy ? (
            <span className="flex items-center gap-2">
              <Avatar user={row.original.createdBy} size="sm" />
              <span className="text-sm">{row.original.createdBy.name}</span>
            </span>
          ) : null,
      },
    ];
    return all.filter((c): c is ColumnDef<PermissionRow, unknown> => c !== false);
  }, [hideResource]);

  const editing = dialog?.kind === 'edit' ? dialog.row : undefined;
  return (
    <>
      {canCreate && (
        <TopBarExtra>
          <Button
            variant="primary"
            size="sm"
            icon={<Plus className="h-4 w-4" />}
            onClick={() => setDialog({ kind: 'add' })}
          >
            Add Permission
          </Button>
        </TopBarExtra>
      )}
      <DataTable<PermissionRow>
        label="Permissions"
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={canUpdate ? (row) => isUiManaged(row.source) && setDialog({ kind: 'edit', row }) : undefined}
        emptyMessage="No permissions yet"
        {...serverTableProps(table, list)}
      />
      {(dialog?.kind === 'add' || editing) && (
        <PermissionModal
          key={editing?.id ?? 'add'}
          mode={editing ? 'edit' : 'add'}
          initial={editing ? fromRow(editing) : startForm(scope)}
          fixedResource={scopesResource(scope) && !editing}
          busy={save.isPending}
          onSubmit={(input) => save.mutate({ id: editing?.id, input })}
          onDelete={editing && canDelete ? () => setDialog({ kind: 'delete', row: editing }) : undefined}
          onClose={() => setDialog(undefined)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete permission"
        description="Are you sure you want to delete the permission?"
        busy={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.row)}
        onCancel={() => setDialog(undefined)}
      />
    </>
  );
}
