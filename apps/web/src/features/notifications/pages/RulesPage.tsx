import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Pause, Play } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Button } from '../../../ui/Button.js';
import { DataTable } from '../../../ui/DataTable.js';
import { useToasts } from '../../../ui/Toasts.js';
import { useTableUrlState } from '../../../ui/useTableUrlState.js';
import { recipientNames } from '../../settings/channels/recipients.js';
import { notificationQueries, type Rule, setRulePaused } from '../api.js';
import { NotificationsNav } from '../components/NotificationsNav.js';
import { Pill } from '../components/StatusBadge.js';

/** /notifications/rules: every rule with its counts and last error; a failing rule can be paused and resumed. */
export function RulesPage() {
  const session = useSession();
  const canUpdate = session.can('notifications', 'update');
  const [params] = useSearchParams();
  const only = params.get('id');
  const table = useTableUrlState();
  const rules = useQuery(notificationQueries.rules());
  const client = useQueryClient();
  const toasts = useToasts();
  const toggle = useMutation({
    mutationFn: (r: Rule) => setRulePaused(r.id, !r.paused),
    onSuccess: () => {
      toasts.success('Notification updated successfully');
      return client.invalidateQueries({ queryKey: notificationQueries.all });
    },
  });

  const all = (rules.data ?? []).filter((r) => !only || r.id === only);
  const rows = all.slice(table.pageIndex * table.pageSize, (table.pageIndex + 1) * table.pageSize);

  const columns = useMemo<ColumnDef<Rule, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row: { original: r } }) => (
          <div className="flex flex-col">
            <span className="font-medium text-zinc-900">{r.name}</span>
            <span className="text-xs text-zinc-500">{r.namespace}</span>
          </div>
        ),
      },
      {
        id: 'events',
        header: 'Events',
        cell: ({ row: { original: r } }) => (
          <div className="flex max-w-xs flex-wrap gap-1">
            {r.events.map((e) => (
              <span key={e} className="rounded bg-zinc-100 px-1.5 font-mono text-[11px] text-zinc-700">
                {e}
              </span>
            ))}
          </div>
        ),
      },
      {
        id: 'recipients',
        header: 'Recipients',
        cell: ({ row: { original: r } }) => (
          <span className="text-xs text-zinc-600">{recipientNames(r).join(', ')}</span>
        ),
      },
      {
        id: 'counts',
        header: 'Sent / Failed / Pending',
        cell: ({ row: { original: r } }) => (
          <span className="text-xs tabular-nums">
            <span className="text-emerald-700">{r.sent}</span> / <span className="text-red-700">{r.failed}</span> /{' '}
            <span className="text-amber-700">{r.pending}</span>
          </span>
        ),
      },
      {
        id: 'last_sent_at',
        header: 'Last sent',
        cell: ({ row: { original: r } }) =>
          r.last_sent_at ? <Age date={r.last_sent_at} suffix=" ago" className="text-xs text-zinc-500" /> : null,
      },
      {
        id: 'error',
        header: 'State / last error',
        cell: ({ row: { original: r } }) => (
          <div className="flex max-w-md flex-col gap-1">
            <span>
              <Pill tone={r.paused ? 'red' : 'green'}>{r.paused ? 'Paused' : 'Active'}</Pill>
              {r.error_at && <Age date={r.error_at} suffix=" ago" className="ml-2 text-xs text-zinc-500" />}
            </span>
            {r.error && <span className="text-xs break-words text-red-700">{r.error}</span>}
          </div>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: r } }) =>
          canUpdate && (
            <span className="flex justify-end gap-1">
              <Button
                size="sm"
                variant={r.paused ? 'primary' : 'secondary'}
                icon={
                  r.paused ? (
                    <Play aria-hidden className="h-3.5 w-3.5" />
                  ) : (
                    <Pause aria-hidden className="h-3.5 w-3.5" />
                  )
                }
                aria-label={`${r.paused ? 'Resume' : 'Pause'} ${r.name}`}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate(r)}
              >
                {r.paused ? 'Resume' : 'Pause'}
              </Button>
            </span>
          ),
      },
    ],
    [canUpdate, toggle.isPending, toggle.mutate],
  );

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <NotificationsNav />
      {only && (
        <p className="text-sm text-zinc-600">
          Showing one rule.{' '}
          <Link to="/notifications/rules" className="font-medium text-indigo-600 hover:underline">
            Show all rules
          </Link>
        </p>
      )}
      <DataTable<Rule>
        label="Notification rules"
        columns={columns}
        data={rows}
        total={all.length}
        getRowId={(r) => r.id}
        isLoading={rules.isFetching}
        error={rules.error}
        pageIndex={table.pageIndex}
        pageSize={table.pageSize}
        onPageChange={table.setPageIndex}
        onPageSizeChange={table.setPageSize}
      />
    </div>
  );
}
