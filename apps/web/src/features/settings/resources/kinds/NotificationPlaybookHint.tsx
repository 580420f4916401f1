import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchNotificationGrants } from '../../permissions/api.js';
import type { KindPartProps, ResourceRow } from '../types.js';
import { holdsPlaybookRun } from './notificationGrant.js';

/**
 * One line under a notification rule that runs a playbook but holds no `playbook:run` grant:
 * the rule runs the playbook as its own subject (docs/playbooks.md "Who may run what"), so
 * without a permission naming it every run is refused. Silent to those who cannot read permissions.
 */
export function NotificationPlaybookHint({ row }: KindPartProps & { row: ResourceRow }) {
  const playbookId = typeof row.playbook_id === 'string' ? row.playbook_id : null;
  const grants = useQuery({
    queryKey: ['permissions', 'notification-grants', row.id],
    enabled: playbookId !== null,
    queryFn: ({ signal }) => fetchNotificationGrants(row.id, signal),
  });
  if (!playbookId || !grants.data || holdsPlaybookRun(grants.data, playbookId)) return null;
  return (
    <p role="note" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-800">
      This rule runs a playbook but holds no <code>playbook:run</code> permission, so its runs are refused.{' '}
      <Link to="/settings/permissions" className="font-medium underline">
        Add a permission
      </Link>{' '}
      with this notification as subject.
    </p>
  );
}
