import { useQuery } from '@tanstack/react-query';
import { AppWindow, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { TopBarExtra } from '../../app/layout/topBarContext.js';
import { useSession } from '../../app/session.js';
import { Age } from '../../ui/Age.js';
import { buttonClass } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { applicationQueries } from './api.js';

/** Where an application is added: the generic settings editor's form. */
const NEW_APPLICATION = '/settings/applications/new';

/**
 * /applications: every application (the `applications` table), each opening its audit report;
 * New application (for those who may add one) opens the form in Settings.
 */
export function ApplicationsPage() {
  const list = useQuery(applicationQueries.list());
  const canCreate = useSession().can('database', 'create');
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
      {canCreate && (
        <TopBarExtra>
          <Link to={NEW_APPLICATION} className={buttonClass('primary', 'sm', 'ml-auto gap-1.5')}>
            <Plus className="h-4 w-4" aria-hidden />
            New application
          </Link>
        </TopBarExtra>
      )}
      {list.isLoading && <LoadingBlock />}
      {list.error && <EmptyState message={errorMessage(list.error)} />}
      {list.data && list.data.length === 0 && (
        <EmptyState message="No applications yet" icon={<AppWindow className="h-8 w-8" />}>
          <p className="max-w-md text-xs">
            An Application names the catalog items an audit covers.{' '}
            {canCreate ? (
              <Link to={NEW_APPLICATION} className="font-medium text-indigo-700 hover:underline">
                Add one in Settings › Applications
              </Link>
            ) : (
              'Ask an administrator to add one in Settings › Applications'
            )}
            .
          </p>
        </EmptyState>
      )}
      {list.data && list.data.length > 0 && (
        <table aria-label="Applications" className="w-full rounded-lg bg-white text-left text-sm ring-1 ring-zinc-200">
          <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
            <tr>
              <th className="px-3 py-2 font-medium">Name</th>
              <th className="px-3 py-2 font-medium">Namespace</th>
              <th className="px-3 py-2 font-medium">Type</th>
              <th className="px-3 py-2 font-medium">Description</th>
              <th className="px-3 py-2 font-medium">Source</th>
              <th className="px-3 py-2 font-medium">Created</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((a) => (
              <tr key={a.id} className="border-b border-zinc-100 last:border-0 hover:bg-zinc-50">
                <td className="px-3 py-2">
                  <Link
                    to={`/applications/${encodeURIComponent(a.namespace)}/${encodeURIComponent(a.name)}`}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {a.name}
                  </Link>
                </td>
                <td className="px-3 py-2 text-zinc-600">{a.namespace}</td>
                <td className="px-3 py-2 text-zinc-600">{a.spec?.type ?? ''}</td>
                <td className="px-3 py-2 text-zinc-600">{a.description ?? ''}</td>
                <td className="px-3 py-2 text-zinc-600">{a.source}</td>
                <td className="px-3 py-2 text-zinc-600">
                  <Age date={a.created_at} suffix=" ago" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
