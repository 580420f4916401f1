import { Copy } from 'lucide-react';
import { Button } from '../../ui/Button.js';
import { DateTime } from '../../ui/DateTime.js';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard.js';
import { stripAnsi } from './ansi.js';
import type { LogRow } from './collapse.js';

/** Most times listed for a collapsed row (a run of thousands would be a wall of dates). */
const MAX_TIMES = 200;
const WRAP = 'min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]';

/** The line as read: the raw text, else a search document as JSON, else the message. */
export const rawLine = (row: LogRow) => row.raw ?? (row.fields ? JSON.stringify(row.fields) : row.message);

function Value({ value }: { value: unknown }) {
  if (value !== null && typeof value === 'object')
    return <pre className={`${WRAP} m-0 font-mono text-[11px]`}>{JSON.stringify(value, null, 2)}</pre>;
  return <span className={WRAP}>{typeof value === 'string' ? stripAnsi(value) : JSON.stringify(value)}</span>;
}

function Pairs({ title, entries }: { title: string; entries: Array<[string, unknown]> }) {
  if (!entries.length) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-1 font-sans text-[11px] font-semibold uppercase text-zinc-500">{title}</h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-0.5 sm:grid-cols-[minmax(6rem,max-content)_minmax(0,1fr)]">
        {entries.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className={`${WRAP} font-semibold text-zinc-600`}>{k}</dt>
            <dd className="m-0 mb-1 min-w-0 text-zinc-800 sm:mb-0">
              <Value value={v} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** An expanded row: every field and label of the line as key/value, the times of a collapsed run, a copy of the raw line. */
export function LogDetails({ row }: { row: LogRow }) {
  const copy = useCopyToClipboard();
  const times = row.times ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-3 font-mono text-xs">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" icon={<Copy className="h-3.5 w-3.5" />} onClick={() => copy(rawLine(row), 'Line copied')}>
          Copy line
        </Button>
        {row.severity && <span className="font-sans text-zinc-600">Severity: {row.severity}</span>}
      </div>
      <Pairs title="Fields" entries={Object.entries(row.fields ?? {})} />
      <Pairs title="Labels" entries={Object.entries(row.labels)} />
      {times.length > 1 && (
        <section aria-label="Times">
          <h3 className="mb-1 font-sans text-[11px] font-semibold uppercase text-zinc-500">
            Seen {times.length} times
          </h3>
          <ol className="flex flex-wrap gap-x-3 gap-y-0.5 text-zinc-700">
            {times.slice(0, MAX_TIMES).map((t, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: equal times are possible; the list never reorders
              <li key={i}>
                <DateTime date={t} />
              </li>
            ))}
            {times.length > MAX_TIMES && <li>and {times.length - MAX_TIMES} more</li>}
          </ol>
        </section>
      )}
    </div>
  );
}
