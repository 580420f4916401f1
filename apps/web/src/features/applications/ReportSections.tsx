import type { AppReportSection } from '@opsdeck/schema';
import { Link } from 'react-router';
import { ViewSection } from '../views/ViewContent.js';
import { ReportTable, when } from './ReportTable.js';

/**
 * The application's sections. A view is rendered inline (panels and rows) with a link to its page;
 * catalog lists (changes, configs, access, access logs) are tables.
 */
export function ReportSection({ section: s }: { section: AppReportSection }) {
  switch (s.type) {
    case 'view':
      return (
        <section aria-label={s.title} className="report-section rounded-lg bg-white p-4 ring-1 ring-zinc-200">
          <h2 className="mb-2 text-base font-semibold text-zinc-900">{s.title}</h2>
          {s.viewId ? (
            <div className="flex flex-col gap-2">
              <ViewSection viewRef={{ id: s.viewId }} variables={{}} />
              <Link to={`/views/${encodeURIComponent(s.viewId)}`} className="text-sm text-indigo-700 hover:underline">
                Open view {s.viewRef.namespace}/{s.viewRef.name}
              </Link>
            </div>
          ) : (
            <p className="text-sm text-zinc-500">
              View {s.viewRef.namespace}/{s.viewRef.name} is not defined.
            </p>
          )}
        </section>
      );
    case 'changes':
      return (
        <ReportTable
          title={s.title}
          headers={['Date', 'Config', 'Type', 'Summary']}
          rows={s.changes.map((c) => [when(c.date), c.config, c.changeType, c.summary])}
          empty="No changes"
        />
      );
    case 'configs':
      return (
        <ReportTable
          title={s.title}
          headers={['Name', 'Type', 'Health', 'Status']}
          rows={s.configs.map((c) => [
            <Link key="n" to={`/catalog/${encodeURIComponent(c.id)}`} className="text-indigo-700 hover:underline">
              {c.name ?? c.id}
            </Link>,
            c.type,
            c.health,
            c.status,
          ])}
          empty="No configs"
        />
      );
    case 'access':
      return (
        <ReportTable
          title={s.title}
          headers={['User', 'Email', 'Role', 'Last login']}
          rows={s.access.map((u) => [u.name, u.email, u.role, when(u.lastLogin)])}
          empty="No access recorded"
        />
      );
    case 'accessLogs':
      return (
        <ReportTable
          title={s.title}
          headers={['Date', 'User', 'Config', 'MFA', 'Logins']}
          rows={s.accessLogs.map((l) => [
            when(l.date),
            l.user,
            l.config,
            l.mfa === null ? '' : l.mfa ? 'yes' : 'no',
            l.count,
          ])}
          empty="No logins recorded"
        />
      );
  }
}
