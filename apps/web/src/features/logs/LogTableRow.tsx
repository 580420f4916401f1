import { ChevronDown, ChevronRight } from 'lucide-react';
import { DateTime } from '../../ui/DateTime.js';
import { stripAnsi } from './ansi.js';
import type { LogRow } from './collapse.js';
import { Highlight } from './highlight.js';
import { inlineFields } from './inlineFields.js';
import { LogDetails } from './LogDetails.js';

const SEVERITY_CLASS: Record<string, string> = {
  error: 'border-l-red-500',
  fatal: 'border-l-red-700',
  warn: 'border-l-amber-400',
  info: 'border-l-sky-300',
  debug: 'border-l-zinc-300',
  trace: 'border-l-zinc-200',
};

/** Whether the person is selecting text in the row (a click that ends a selection does not toggle). */
const selecting = () => !!window.getSelection()?.toString();

/**
 * One row of the Logs table: time (a collapsed run shows its last time and its first), the
 * message with a few fields after it (muted, the search term marked), the labels; the chevron
 * button (or a click on the row) shows every field of the line below it.
 */
export function LogTableRow({
  row,
  term,
  expanded,
  onToggle,
}: {
  row: LogRow;
  term: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  const detailsId = `log-details-${row.id}`;
  const count = row.count ?? 1;
  return (
    <>
      {/* the row's Details button is the keyboard way; a click anywhere on the row is a mouse shortcut */}
      <tr
        className={`cursor-pointer align-top hover:bg-zinc-50 ${expanded ? 'bg-zinc-50' : 'border-b border-zinc-100'}`}
        onClick={(e) => {
          if (!(e.target as HTMLElement).closest('button') && !selecting()) onToggle();
        }}
      >
        <td
          className={`border-l-4 py-1.5 pl-1 pr-2 text-zinc-500 sm:pr-3 ${SEVERITY_CLASS[row.severity ?? ''] ?? 'border-l-transparent'}`}
        >
          <span className="flex items-start gap-1">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? detailsId : undefined}
              aria-label="Details"
              className="rounded p-0.5 text-zinc-500 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-blue-600"
              onClick={onToggle}
            >
              {expanded ? <ChevronDown className="h-3.5 w-3.5" /> : <ChevronRight className="h-3.5 w-3.5" />}
            </button>
            <span className="flex min-w-0 flex-col">
              <DateTime date={row.lastObserved ?? row.timestamp} className="sm:whitespace-nowrap" />
              {row.firstObserved && count > 1 && (
                <span className="text-[11px] text-zinc-400">
                  first <DateTime date={row.firstObserved} />
                </span>
              )}
            </span>
          </span>
        </td>
        <td className="whitespace-pre-wrap px-2 py-1.5 font-mono text-zinc-800 [overflow-wrap:anywhere] sm:px-3">
          {count > 1 && (
            <span
              title={`${count} identical lines`}
              className="mr-2 rounded-full bg-zinc-700 px-1.5 py-0.5 font-sans text-[11px] font-semibold text-white"
            >
              ×{count}
            </span>
          )}
          <Highlight text={stripAnsi(row.message)} term={term} />
          {inlineFields(row.fields, term).map(([k, v]) => (
            <span key={k} className="ml-2 text-zinc-400">
              {k}=<Highlight text={stripAnsi(v)} term={term} />
            </span>
          ))}
        </td>
        <td className="hidden px-3 py-1.5 md:table-cell">
          <span className="flex flex-wrap gap-1">
            {Object.entries(row.labels).map(([k, v]) => (
              <span
                key={k}
                title={`${k}=${v}`}
                className="max-w-full truncate rounded bg-zinc-100 px-1.5 py-0.5 text-[11px] text-zinc-600"
              >
                {k}={v}
              </span>
            ))}
          </span>
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className="border-b border-zinc-100 bg-zinc-50">
          <td colSpan={3} className="max-w-0 px-3 pb-3 pt-1">
            <LogDetails row={row} />
          </td>
        </tr>
      )}
    </>
  );
}
