import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { buttonClass, IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DataTable } from '../../../ui/DataTable.js';
import { DateTime } from '../../../ui/DateTime.js';
import { isUiManaged } from '../../../ui/forms/origin.js';
import { useToasts } from '../../../ui/Toasts.js';
import { useTableUrlState } from '../../../ui/useTableUrlState.js';
import { deleteSilence, notificationQueries, type Silence } from '../api.js';
import { NotificationsNav } from '../components/NotificationsNav.js';
import { Pill } from '../components/StatusBadge.js';
import { silencedResource, silenceState } from '../utils/silenceState.js';

const STATE_TONE = { active: 'green', scheduled: 'amber', expired: 'grey', deleted: 'grey' } as const;
const STATE_LABEL = { active: 'Active', scheduled: 'Scheduled', expired: 'Expired', deleted: 'Deleted' } as const;

/** /notifications/silences: silences with what they hold back and for how long; writers add and delete them. */
export function SilencesPage() {
  const session = useSession();
  const canCreate = session.can('notifications', 'create');
  const canDelete = session.can('notifications', 'delete');
  const [params, setParams] = useSearchParams();
  const includeDeleted = params.get('includeDeleted') === 'true';
  const table = useTableUrlState();
  const silences = useQuery(notificationQueries.silences(includeDeleted));
  const checks = useQuery(notificationQueries.names('check'));
  const canaries = useQuery(notificationQueries.names('canary'));
  const client = useQueryClient();
  const toasts = useToasts();
  const [deleting, setDeleting] = useState<Silence>();
  const remove = useMutation({
    mutationFn: (id: string) => deleteSilence(id),
    onSuccess: () => {
      setDeleting(undefined);
      toasts.success('Silence deleted successfully');
      return client.invalidateQueries({ queryKey: notificationQueries.all });
    },
  });

  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const c of checks.data ?? []) m.set(c.id, c.name);
    for (const c of canaries.data ?? []) m.set(c.id, c.namespace ? `${c.namespace}/${c.name}` : c.name);
    return m;
  }, [checks.data, canaries.data]);

  const all = silences.data ?? [];
  const rows = all.slice(table.pageIndex * table.pageSize, (table.pageIndex + 1) * table.pageSize);

  const columns = useMemo<ColumnDef<Silence, unknown>[]>(
    () => [
      {
        id: 'resource',
        header: 'Resource',
        cell: ({ row: { original: s } }) => {
          const r = silencedResource(s);
          if (!r) return <span className="text-xs text-zinc-500">Any resource matching the filter</span>;
          return (
            <Link to={`/notifications/resource/${r.id}`} className="flex flex-col hover:underline">
              <span className="font-medium text-zinc-900">{names.get(r.id) ?? r.id}</span>
              <span className="text-xs text-zinc-500">
                {r.kind}
                {s.recursive ? ' · and its children' : ''}
              </span>
            </Link>
          );
        },
      },
      {
        id: 'filter',
        header: 'Filter',
        cell: ({ row: { original: s } }) =>
          s.filter ? <code className="font-mono text-xs break-all text-zinc-700">{s.filter}</code> : null,
      },
      {
        id: 'description',
        header: 'Description',
        cell: ({ row: { original: s } }) => <span className="text-sm text-zinc-700">{s.description}</span>,
      },
      {
        id: 'from',
        header: 'From',
        cell: ({ row: { original: s } }) => <DateTime date={s.from} className="text-xs text-zinc-600" />,
      },
      {
        id: 'until',
        header: 'Until',
        cell: ({ row: { original: s } }) =>
          s.until ? (
            <DateTime date={s.until} className="text-xs text-zinc-600" />
          ) : (
            <span className="text-xs text-zinc-600">Indefinitely</span>
          ),
      },
      {
        id: 'state',
        header: 'State',
        cell: ({ row: { original: s } }) => {
          const state = silenceState(s);
          return <Pill tone={STATE_TONE[state]}>{STATE_LABEL[state]}</Pill>;
        },
      },
      {
        id: 'created_at',
        header: 'Created',
        cell: ({ row: { original: s } }) => <Age date={s.created_at} suffix=" ago" className="text-xs text-zinc-500" />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: s } }) =>
          !isUiManaged(s.source) ? (
            <span className="flex justify-end text-xs text-amber-900" title="Change or delete it in its YAML file">
              managed by YAML
            </span>
          ) : (
            canDelete &&
            !s.deleted_at && (
              <span className="flex justify-end">
                <IconButton label={`Delete silence ${s.name}`} onClick={() => setDeleting(s)}>
                  <Trash2 className="h-4 w-4" />
                </IconButton>
              </span>
            )
          ),
      },
    ],
    [names, canDelete],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <NotificationsNav />
      {canCreate && (
        <TopBarExtra>
          <Link to="/notifications/silences/add" className={buttonClass('primary', 'sm', 'ml-auto')}>
            <Plus aria-hidden className="h-4 w-4" />
            Add silence
          </Link>
        </TopBarExtra>
      )}
      <label className="flex items-center gap-1.5 self-start text-sm text-zinc-600">
        <input
          type="checkbox"
          checked={includeDeleted}
          onChange={(e) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (e.target.checked) next.set('includeDeleted', 'true');
                else next.delete('includeDeleted');
                next.set('pageIndex', '0');
                return next;
              },
              { replace: true },
            )
          }
          className="h-4 w-4 rounded border-zinc-300"
        />
        Show deleted silences
      </label>
      <DataTable<Silence>
        label="Silences"
        columns={columns}
        data={rows}
        total={all.length}
        getRowId={(s) => s.id}
        isLoading={silences.isFetching}
        error={silences.error}
        pageIndex={table.pageIndex}
        pageSize={table.pageSize}
        onPageChange={table.setPageIndex}
        onPageSizeChange={table.setPageSize}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete silence"
        description="Notifications it holds back will be sent again from now on."
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(undefined)}
      />
    </div>
  );
}
