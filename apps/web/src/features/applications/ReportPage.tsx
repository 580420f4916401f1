import type { ApplicationReport } from '@opsdeck/schema';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { usePageTitle } from '../../app/layout/topBarContext.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { applicationQueries, downloadExport } from './api.js';
import { ReportSection } from './ReportSections.js';
import { ReportTable, tally, when } from './ReportTable.js';
import './print.css';

function Details({ r }: { r: ApplicationReport }) {
  const props = r.properties.filter((p) => !p.hidden);
  const rows: Array<[string, string]> = [
    ['Namespace', r.namespace],
    ['Type', r.type ?? ''],
    ['Created', when(r.createdAt)],
    ['Configs', String(r.configs.length)],
    ...props.map((p): [string, string] => [
      p.label ?? p.name ?? '',
      p.text ?? (p.value === undefined ? '' : `${p.value}${p.unit ? ` ${p.unit}` : ''}`),
    ]),
  ];
  return (
    <section aria-label="Details" className="report-section rounded-lg bg-white p-4 ring-1 ring-zinc-200">
      <h2 className="mb-2 text-base font-semibold text-zinc-900">Details</h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-zinc-500">{k}</dt>
            <dd className="text-zinc-800">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Report({ r }: { r: ApplicationReport }) {
  const open = r.incidents.filter((i) => !['resolved', 'closed'].includes(i.status)).length;
  return (
    <>
      <Details r={r} />
      <ReportTable
        title="Access Control"
        headers={['User', 'Email', 'Role', 'Auth type', 'Granted', 'Last login', 'Last review']}
        rows={r.accessControl.users.map((u) => [
          u.name,
          u.email,
          u.role,
          u.authType,
          when(u.created),
          when(u.lastLogin),
          when(u.lastAccessReview),
        ])}
        empty="No access recorded for the application's logins"
      />
      <ReportTable
        title="Authentication"
        headers={['Auth type', 'Users', 'Logins', 'MFA logins', 'Last login']}
        rows={r.accessControl.authentication.map((a) => [
          a.authType,
          a.users,
          a.logins,
          a.mfaLogins,
          when(a.lastLogin),
        ])}
        empty="No logins recorded"
      />
      <ReportTable
        title="Changes"
        headers={['Date', 'Config', 'Type', 'Severity', 'Summary', 'By']}
        rows={r.changes.map((c) => [when(c.date), c.config, c.changeType, c.severity, c.summary, c.createdBy])}
        empty="No changes"
      />
      <ReportTable
        title="Incidents"
        headers={['ID', 'Title', 'Severity', 'Status', 'Created', 'Resolved']}
        rows={r.incidents.map((i) => [
          <Link key="id" to={`/incidents/${encodeURIComponent(i.id)}`} className="text-indigo-700 hover:underline">
            {i.incidentId}
          </Link>,
          i.title,
          i.severity,
          i.status,
          when(i.created),
          when(i.resolved),
        ])}
        empty="No incidents"
      >
        {r.incidents.length > 0 && (
          <p className="mb-2 text-xs text-zinc-500">
            {r.incidents.length} {r.incidents.length === 1 ? 'incident' : 'incidents'}, {open} open ·{' '}
            {tally(r.incidents, (i) => i.severity)}
          </p>
        )}
      </ReportTable>
      <ReportTable
        title="Backups"
        headers={['Date', 'Database', 'Type', 'Status', 'Size', 'Source']}
        rows={r.backups.map((b) => [when(b.date), b.database, b.type, b.status, b.size, b.source])}
        empty="No backups recorded"
      >
        {r.backups.length > 0 && <p className="mb-2 text-xs text-zinc-500">{tally(r.backups, (b) => b.status)}</p>}
      </ReportTable>
      <ReportTable
        title="Restores"
        headers={['Date', 'Database', 'Status', 'Completed', 'Source']}
        rows={r.restores.map((x) => [when(x.date), x.database, x.status, when(x.completedAt), x.source])}
        empty="No restores recorded"
      />
      <ReportTable
        title="Findings"
        headers={['Severity', 'Type', 'Title', 'Config', 'Status', 'Last observed']}
        rows={r.findings.map((f) => [f.severity, f.type, f.title, f.config, f.status, when(f.lastObserved ?? f.date)])}
        empty="No findings"
      />
      <ReportTable
        title="Locations"
        headers={['Environment', 'Purpose', 'Provider', 'Account', 'Region', 'Type', 'Resources']}
        rows={r.locations.map((l) => [l.name, l.purpose, l.provider, l.account, l.region, l.type, l.resourceCount])}
        empty="No environments mapped"
      />
      {r.sections.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections are fixed by the application's spec
        <ReportSection key={i} section={s} />
      ))}
    </>
  );
}

/** /applications/:namespace/:name: the application's audit report, printable and exportable. */
export function ApplicationReportPage() {
  const { namespace = '', name = '' } = useParams();
  const report = useQuery(applicationQueries.report(namespace, name));
  usePageTitle(name ? `Application ${name}` : undefined);
  const r = report.data;
  const [exportError, setExportError] = useState<string>();
  return (
    <div className="app-report flex min-h-0 flex-1 flex-col gap-4 overflow-auto p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          {/* the top bar holds the page's h1; this title is what a printed report starts with */}
          <h2 className="text-xl font-semibold text-zinc-900">{r?.name ?? name}</h2>
          {r?.description && <p className="text-sm text-zinc-600">{r.description}</p>}
          {r && (
            <p className="text-xs text-zinc-500">
              Audit report generated {when(r.generatedAt)}
              {r.schedule && <> · rebuilt on schedule {r.schedule}</>}
            </p>
          )}
        </div>
        {r && (
          <div className="report-toolbar flex gap-2">
            <Button icon={<Printer className="h-4 w-4" />} onClick={() => window.print()}>
              Print
            </Button>
            {(['json', 'html'] as const).map((format) => (
              <Button
                key={format}
                icon={<Download className="h-4 w-4" />}
                onClick={() => {
                  setExportError(undefined);
                  downloadExport(namespace, name, format).catch((e: unknown) => setExportError(errorMessage(e)));
                }}
              >
                Export {format.toUpperCase()}
              </Button>
            ))}
          </div>
        )}
      </div>
      {exportError && (
        <p role="alert" className="report-toolbar text-sm text-red-700">
          {exportError}
        </p>
      )}
      {report.isLoading && <LoadingBlock />}
      {report.error && <EmptyState message={errorMessage(report.error)} />}
      {r && <Report r={r} />}
    </div>
  );
}
