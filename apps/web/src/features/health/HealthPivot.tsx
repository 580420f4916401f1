import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { cx } from '../../ui/cx.js';
import type { Pivot, PivotCellType, PivotRow } from './pivot.js';
import { GroupDot, StatusDot } from './StatusDot.js';
import type { CheckSummary } from './types.js';
import { formatLatency, formatUptime } from './utils.js';

const ROW_HEIGHT = 37;

/**
 * The pivot view: one row per group (or check), one column per value of pivotBy, the checks of
 * each intersection as status dots, uptime or latency. A check opens its detail. Only the rows in
 * view are in the DOM; rows grow to fit their cells.
 */
export function HealthPivot({
  pivot,
  rowLabel,
  cellType,
  onOpen,
}: {
  pivot: Pivot;
  /** Heading of the row column: what the rows are (Canary, Check, a label key...). */
  rowLabel: string;
  cellType: PivotCellType;
  onOpen: (check: CheckSummary) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: pivot.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (i) => (pivot.rows[i] as PivotRow).key,
  });
  const rows = virtual.getVirtualItems();
  const padTop = rows[0]?.start ?? 0;
  const padBottom = virtual.getTotalSize() - (rows[rows.length - 1]?.end ?? 0);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-auto">
      <table
        className="min-w-full border-separate border-spacing-0 text-sm"
        aria-label="Health pivot"
        aria-rowcount={pivot.rows.length + 1}
      >
        <thead className="sticky top-0 z-20 bg-zinc-50 text-left text-xs font-semibold text-zinc-600">
          <tr>
            <th scope="col" className="sticky left-0 z-10 min-w-56 border-b border-zinc-200 bg-zinc-50 px-3 py-2">
              {rowLabel}
            </th>
            {pivot.columns.map((col) => (
              <th
                key={`${col.kind}:${col.value ?? ''}`}
                scope="col"
                className={cx(
                  'min-w-36 border-b border-l border-zinc-200 px-3 py-2 whitespace-nowrap',
                  col.kind !== 'value' && 'italic',
                )}
              >
                {col.label}
                <span className="ml-1.5 rounded-full bg-zinc-200 px-1.5 font-normal text-zinc-600">{col.count}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
          {rows.map((v) => (
            <PivotTableRow
              key={v.key}
              index={v.index}
              measure={virtual.measureElement}
              row={pivot.rows[v.index] as PivotRow}
              cellType={cellType}
              onOpen={onOpen}
            />
          ))}
          {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
        </tbody>
      </table>
    </div>
  );
}

const PivotTableRow = memo(function PivotTableRow({
  row,
  index,
  measure,
  cellType,
  onOpen,
}: {
  row: PivotRow;
  index: number;
  measure: (el: Element | null) => void;
  cellType: PivotCellType;
  onOpen: (check: CheckSummary) => void;
}) {
  return (
    <tr ref={measure} data-index={index} data-pivot-row={row.key} className="align-top">
      <th
        scope="row"
        className="sticky left-0 z-10 border-b border-zinc-100 bg-white px-3 py-2 text-left font-medium text-zinc-900"
      >
        <span className="inline-flex max-w-72 items-center gap-2">
          <GroupDot status={row.status} />
          <span className="truncate">{row.key || '(none)'}</span>
          <span className="rounded-full bg-zinc-100 px-1.5 text-xs font-normal text-zinc-500">{row.count}</span>
        </span>
      </th>
      {Array.from(row.cells, (cell, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, aligned with the columns
        <td key={i} className="border-b border-l border-zinc-100 px-3 py-2">
          {cell && (
            <ul className={cx('flex flex-wrap', cellType === 'status' ? 'gap-1.5' : 'gap-1')}>
              {cell.map((check) => (
                <li key={check.id} className="flex">
                  <PivotCheck check={check} cellType={cellType} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          )}
        </td>
      ))}
    </tr>
  );
});

/** One check in a cell: a dot (its name on hover), or its name and uptime or p99 latency. */
const PivotCheck = memo(function PivotCheck({
  check,
  cellType,
  onOpen,
}: {
  check: CheckSummary;
  cellType: PivotCellType;
  onOpen: (check: CheckSummary) => void;
}) {
  const status = check.status ?? 'unknown';
  const value =
    cellType === 'uptime'
      ? formatUptime(check.uptime) || '-'
      : cellType === 'latency'
        ? formatLatency(check.latency.p99) || '-'
        : null;
  const label = value === null ? `${check.name}: ${status}` : `${check.name}: ${cellType} ${value}`;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-check-id={check.id}
      onClick={() => onOpen(check)}
      className={cx(
        'inline-flex items-center rounded-full hover:ring-2 hover:ring-indigo-300 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
        value !== null && 'gap-1 bg-zinc-50 py-0.5 pr-2 pl-1.5 text-xs text-zinc-700 tabular-nums ring-1 ring-zinc-200',
      )}
    >
      <StatusDot status={status} className={value === null ? 'h-3 w-3' : undefined} />
      {value !== null && (
        <>
          <span className="max-w-40 truncate">{check.name}</span>
          <span className="font-medium text-zinc-900">{value}</span>
        </>
      )}
    </button>
  );
});
