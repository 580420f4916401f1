import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { DateTime } from '../../ui/DateTime.js';
import { stripAnsi } from './ansi.js';
import type { LogLine } from './api.js';

const SEVERITY_CLASS: Record<string, string> = {
  error: 'border-l-red-500',
  fatal: 'border-l-red-700',
  warn: 'border-l-amber-400',
  info: 'border-l-sky-300',
  debug: 'border-l-zinc-300',
  trace: 'border-l-zinc-200',
};

/**
 * Time, Message (ANSI codes stripped; rendered as text, so markup in a line is shown, never run)
 * and Labels; only the rows in view are in the page (spacer rows stand for the rest), so
 * thousands of lines scroll smoothly.
 */
export function LogsTable({ lines, footer }: { lines: LogLine[]; footer?: React.ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 30,
    overscan: 20,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-auto rounded-md ring-1 ring-zinc-200"
      style={{ maxHeight: 'calc(100vh - 15rem)' }}
    >
      <table aria-label="Logs" className="w-full table-fixed text-xs">
        <colgroup>
          <col className="w-44" />
          <col />
          <col className="w-72" />
        </colgroup>
        <thead className="sticky top-0 z-10 bg-zinc-50 text-left text-zinc-600">
          <tr>
            <th className="px-3 py-2 font-semibold">Time</th>
            <th className="px-3 py-2 font-semibold">Message</th>
            <th className="px-3 py-2 font-semibold">Labels</th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
          {items.map((item) => {
            const line = lines[item.index] as LogLine;
            return (
              <tr
                key={line.id}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="border-b border-zinc-100 align-top"
              >
                <td
                  className={`whitespace-nowrap border-l-4 px-3 py-1.5 text-zinc-500 ${SEVERITY_CLASS[line.severity ?? ''] ?? 'border-l-transparent'}`}
                >
                  <DateTime date={line.timestamp} />
                </td>
                <td className="whitespace-pre-wrap break-words px-3 py-1.5 font-mono text-zinc-800">
                  {stripAnsi(line.message)}
                </td>
                <td className="px-3 py-1.5">
                  <span className="flex flex-wrap gap-1">
                    {Object.entries(line.labels).map(([k, v]) => (
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
            );
          })}
          {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
        </tbody>
      </table>
      {footer}
    </div>
  );
}
