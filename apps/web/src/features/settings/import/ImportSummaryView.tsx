import type { ImportRemark, ImportSummary } from '@opsdeck/schema/imports';
import { Link } from 'react-router';
import { plural } from '../../../utils/plural.js';

function Remarks({ title, remarks, tone }: { title: string; remarks: ImportRemark[]; tone: 'amber' | 'zinc' }) {
  if (!remarks.length) return null;
  return (
    <section aria-label={title} className="rounded-lg border border-zinc-200 bg-white">
      <h3
        className={`border-b border-zinc-200 px-3 py-2 text-sm font-medium ${tone === 'amber' ? 'text-amber-700' : ''}`}
      >
        {title} ({remarks.length})
      </h3>
      <ul className="divide-y divide-zinc-100 text-sm">
        {remarks.map((r) => (
          <li key={`${r.item}|${r.message}`} className="px-3 py-1.5">
            <span className="font-medium">{r.item}</span>: {r.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What an import created (or, in a dry run, would create) and what it could not carry over. */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const verb = summary.dryRun ? 'Would create' : 'Imported';
  return (
    <div className="flex flex-col gap-3" data-testid="import-summary">
      <p className="text-sm">
        {verb} {plural(summary.canaries.length, 'canary', 'canaries')},{' '}
        {plural(summary.connections.length, 'connection', 'connections')} and{' '}
        {plural(summary.notifications.length, 'notification rule', 'notification rules')} in namespace{' '}
        <code>{summary.namespace}</code>.
        {!summary.dryRun && (
          <>
            {' '}
            <Link className="text-blue-700 underline" to="/health">
              Open the health page
            </Link>
          </>
        )}
      </p>
      {summary.canaries.length > 0 && (
        <div className="overflow-auto rounded-lg border border-zinc-200 bg-white">
          <table aria-label="Canaries" className="w-full text-left text-sm">
            <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
              <tr>
                <th className="px-3 py-2 font-medium">Canary</th>
                <th className="px-3 py-2 font-medium">Checks</th>
                {!summary.dryRun && <th className="px-3 py-2 font-medium">Result</th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {summary.canaries.map((c) => (
                <tr key={c.name}>
                  <td className="px-3 py-1.5 font-mono text-xs">
                    {summary.namespace}/{c.name}
                  </td>
                  <td className="px-3 py-1.5">{c.checks.map((k) => `${k.type} “${k.name}”`).join(', ')}</td>
                  {!summary.dryRun && <td className="px-3 py-1.5">{c.action}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(summary.connections.length > 0 || summary.notifications.length > 0) && (
        <ul aria-label="Channels and rules" className="rounded-lg border border-zinc-200 bg-white text-sm">
          {summary.connections.map((c) => (
            <li key={`c-${c.name}`} className="px-3 py-1.5">
              Connection <code>{c.name}</code> ({c.type}){c.action ? ` ${c.action}` : ''}
            </li>
          ))}
          {summary.notifications.map((n) => (
            <li key={`n-${n.name}`} className="px-3 py-1.5">
              Notification rule <code>{n.name}</code>: {n.events.join(', ')} of{' '}
              {plural(n.canaries, 'canary', 'canaries')}
            </li>
          ))}
        </ul>
      )}
      <Remarks title="Carried over with a difference" remarks={summary.notes} tone="zinc" />
      <Remarks title="Not carried over" remarks={summary.skipped} tone="amber" />
    </div>
  );
}
