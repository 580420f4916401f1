import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { LogRow } from './collapse.js';
import { LogTableRow } from './LogTableRow.js';

/**
 * Time, Message (ANSI codes stripped; rendered as text, so markup in a line is shown, never run)
 * and Labels (from md up; an expanded row lists them on narrow screens). Only the rows in view
 * are in the page (spacer rows stand for the rest), so thousands of lines scroll smoothly; each
 * row is a tbody of its own so an expanded row is measured with its details.
 */
export function LogsTable({ rows, term, footer }: { rows: LogRow[]; term: string; footer?: React.ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 30,
    overscan: 20,
    getItemKey: (i) => rows[i]?.id ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-auto rounded-md ring-1 ring-zinc-200"
      style={{ maxHeight: 'calc(100vh - 15rem)' }}
    >
      <table aria-label="Logs" className="w-full table-fixed text-xs">
        <colgroup>
          <col className="w-28 sm:w-48" />
          <col />
          <col className="w-0 md:w-72" />
        </colgroup>
        <thead className="sticky top-0 z-10 bg-zinc-50 text-left text-zinc-600">
          <tr>
            <th className="py-2 pl-6 pr-3 font-semibold">Time</th>
            <th className="px-2 py-2 font-semibold sm:px-3">Message</th>
            <th className="hidden px-3 py-2 font-semibold md:table-cell">Labels</th>
          </tr>
        </thead>
        {padTop > 0 && (
          <tbody aria-hidden>
            <tr style={{ height: padTop }} />
          </tbody>
        )}
        {items.map((item) => {
          const row = rows[item.index] as LogRow;
          return (
            <tbody key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
              <LogTableRow row={row} term={term} expanded={open.has(row.id)} onToggle={() => toggle(row.id)} />
            </tbody>
          );
        })}
        {padBottom > 0 && (
          <tbody aria-hidden>
            <tr style={{ height: padBottom }} />
          </tbody>
        )}
      </table>
      {footer}
    </div>
  );
}
