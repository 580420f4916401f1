import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { Age } from '../../../ui/Age.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { playbookQueries, type RunTarget } from '../api.js';
import { StatusBadge } from './StatusBadge.js';

/** The latest playbook runs against one resource, newest first, each opening its run page. */
export function TargetRuns({ target }: { target: RunTarget }) {
  const runs = useQuery(
    playbookQueries.runs({ playbook: '', status: '', since: '', target, pageIndex: 0, pageSize: 50 }),
  );
  if (runs.isLoading) return <LoadingBlock />;
  if (runs.error) return <EmptyState message={errorMessage(runs.error)} />;
  const rows = runs.data?.rows ?? [];
  if (!rows.length) return <EmptyState message="No playbook has run against this item yet" />;
  return (
    <table aria-label="Playbook runs" className="w-full text-left text-sm">
      <thead className="text-xs text-zinc-500">
        <tr>
          <th className="py-1 font-medium">Playbook</th>
          <th className="py-1 font-medium">Status</th>
          <th className="py-1 font-medium">Started by</th>
          <th className="py-1 font-medium">Created</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} className="border-t border-zinc-100">
            <td className="py-1.5">
              <Link className="text-indigo-700 hover:underline" to={`/playbooks/runs/${r.id}`}>
                {r.playbooks?.title || r.playbooks?.name || r.playbook_id}
              </Link>
            </td>
            <td className="py-1.5">
              <StatusBadge status={r.status} />
            </td>
            <td className="py-1.5">{r.created_by?.name ?? '-'}</td>
            <td className="py-1.5">
              <Age date={r.created_at} suffix=" ago" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
