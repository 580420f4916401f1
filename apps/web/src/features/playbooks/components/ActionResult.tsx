import { Download, ExternalLink, GitPullRequest } from 'lucide-react';
import type { ReactNode } from 'react';
import { directDownloadClick } from '../../../api/download.js';
import { type TabItem, Tabs } from '../../../ui/Tabs.js';
import type { RunAction } from '../api.js';
import { pullRequestOf } from '../utils/pullRequest.js';
import { resultTabs } from '../utils/status.js';

const pre =
  'max-h-[60vh] overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-950 p-3 font-mono text-xs text-zinc-100';

const LABELS: Record<string, string> = {
  stdout: 'stdout',
  stderr: 'stderr',
  response: 'Response',
  rows: 'Rows',
  lines: 'Lines',
  body: 'Body',
};

function humanSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** Rows (SQL, PromQL series, log lines) as a table in the order of `columns`. */
function RowsTable({ rows, columns }: { rows: Array<Record<string, unknown>>; columns: string[] }) {
  const cols = columns.length ? columns : Object.keys(rows[0] ?? {});
  return (
    <div className="max-h-[60vh] overflow-auto">
      <table className="min-w-full text-left text-xs">
        <thead className="bg-zinc-50">
          <tr>
            {cols.map((c) => (
              <th key={c} scope="col" className="px-2 py-1 font-medium text-zinc-700">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position
            <tr key={i} className="border-t border-zinc-100">
              {cols.map((c) => (
                <td key={c} className="px-2 py-1 font-mono text-zinc-800">
                  {typeof r[c] === 'object' ? JSON.stringify(r[c]) : String(r[c] ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function content(key: string, value: unknown, result: Record<string, unknown>): ReactNode {
  if (key === 'rows' && Array.isArray(value)) {
    return <RowsTable rows={value as Array<Record<string, unknown>>} columns={(result.columns as string[]) ?? []} />;
  }
  // log lines of a logs action, newest first
  if (key === 'lines' && Array.isArray(value)) {
    return <RowsTable rows={value as Array<Record<string, unknown>>} columns={['timestamp', 'severity', 'message']} />;
  }
  if (typeof value === 'string') return <pre className={pre}>{value}</pre>;
  return <pre className={pre}>{JSON.stringify(value, null, 2)}</pre>;
}

/** The selected action's result as tabs: stdout, stderr, the others, artifacts last; an error tab in red. */
export function ActionResult({ action }: { action: RunAction }) {
  const result = action.result ?? {};
  const pr = pullRequestOf(result);
  const tabs: TabItem[] = resultTabs(result)
    .filter((k) => !(pr && k === 'pull_request'))
    .map((k) => ({
      id: k,
      label: LABELS[k] ?? k,
      content: content(k, result[k], result),
    }));
  if (action.artifacts.length) {
    tabs.push({
      id: 'artifacts',
      label: 'Artifacts',
      content: (
        <ul className="flex flex-col gap-1">
          {action.artifacts.map((a) => (
            <li key={a.id}>
              <a
                href={`/api/artifacts/download/${a.id}`}
                onClick={directDownloadClick(`/api/artifacts/download/${a.id}`, a.filename)}
                className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline"
                download={a.filename}
              >
                <Download aria-hidden className="h-3.5 w-3.5" />
                {a.path}
              </a>{' '}
              <span className="text-xs text-zinc-500">{humanSize(a.size)}</span>
            </li>
          ))}
        </ul>
      ),
    });
  }
  if (action.error) {
    tabs.unshift({
      id: 'error',
      label: <span className="text-red-700">Error</span>,
      content: <pre className={`${pre} text-red-300`}>{action.error}</pre>,
    });
  }
  if (!tabs.length)
    return <p className="p-3 text-sm text-zinc-500">{action.status === 'skipped' ? 'Skipped' : 'No output yet'}</p>;
  const results = <Tabs key={action.id} label={`Result of ${action.name}`} tabs={tabs} />;
  if (!pr) return results;
  return (
    <div className="flex flex-col gap-2">
      <a
        href={pr.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-blue-700 hover:underline"
      >
        <GitPullRequest aria-hidden className="h-4 w-4" />
        {pr.label}
        <ExternalLink aria-hidden className="h-3.5 w-3.5" />
      </a>
      {results}
    </div>
  );
}
