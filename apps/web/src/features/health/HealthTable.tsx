import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo, useMemo, useRef, useState } from 'react';
import { Age } from '../../ui/Age.js';
import { AgentBadge } from '../settings/agents/AgentBadge.js';
import { CheckIcon } from './CheckIcon.js';
import { GroupDot, StatusDot } from './StatusDot.js';
import type { CheckSummary } from './types.js';
import { type CheckGroup, formatLatency, formatUptime, type SortKey } from './utils.js';

type Item =
  | { kind: 'group'; group: CheckGroup; open: boolean }
  | { kind: 'check'; check: CheckSummary; nested: boolean };

const COLUMNS: Array<[string, SortKey | null, string]> = [
  ['', null, 'w-8'],
  ['Checks', 'name', ''],
  ['Health', 'health', 'w-24 sm:w-28'],
  ['Uptime', 'uptime', 'w-20 sm:w-28'],
  ['Latency', 'latency', 'w-20 sm:w-28'],
  ['Transition', 'last_transition_time', 'w-28 sm:w-36'],
];
const ROW_HEIGHT = 37;

/**
 * The table layout: Checks, Health, Uptime, Latency, Transition. On a phone the columns narrow and
 * the table scrolls sideways past its minimum width, so the check names keep room to be read. Grouped rows expand on click;
 * a check row opens its detail. Only the rows in view are in the DOM.
 */
export function HealthTable({
  checks,
  groups,
  sortBy,
  sortDesc,
  onSort,
  onOpen,
  maintenance,
}: {
  checks: CheckSummary[];
  groups: CheckGroup[] | null;
  sortBy: SortKey;
  sortDesc: boolean;
  onSort: (key: SortKey) => void;
  onOpen: (check: CheckSummary) => void;
  /** Check id -> the maintenance window in force over it (a badge on its row). */
  maintenance?: Readonly<Record<string, string>> | undefined;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo<Item[]>(() => {
    if (!groups) return checks.map((check) => ({ kind: 'check', check, nested: false }));
    return groups.flatMap<Item>((group) => {
      const isOpen = open.has(group.key);
      const head: Item = { kind: 'group', group, open: isOpen };
      return isOpen ? [head, ...group.checks.map<Item>((check) => ({ kind: 'check', check, nested: true }))] : [head];
    });
  }, [checks, groups, open]);
  const toggle = (key: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => {
      const it = items[i] as Item;
      return it.kind === 'group' ? `g:${it.group.key}` : `c:${it.check.id}`;
    },
  });
  const rows = virtual.getVirtualItems();
  const padTop = rows[0]?.start ?? 0;
  const padBottom = virtual.getTotalSize() - (rows[rows.length - 1]?.end ?? 0);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-auto">
      <table
        className="w-full min-w-[36rem] table-fixed border-collapse text-sm"
        aria-label="Health checks"
        aria-rowcount={items.length}
      >
        <thead className="sticky top-0 z-10 bg-zinc-50 text-left text-xs font-semibold text-zinc-600 shadow-[0_1px_0_#e4e4e7]">
          <tr>
            {COLUMNS.map(([label, key, width]) => (
              <th
                key={label || 'expander'}
                className={`${width} px-3 py-2 whitespace-nowrap`}
                aria-sort={key && key === sortBy ? (sortDesc ? 'descending' : 'ascending') : undefined}
              >
                {key ? (
                  <button type="button" onClick={() => onSort(key)} className="hover:text-zinc-900">
                    {label}
                    {key === sortBy ? (sortDesc ? ' ↓' : ' ↑') : ''}
                  </button>
                ) : (
                  <span className="sr-only">Expand</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
          {rows.map((v) => {
            const item = items[v.index] as Item;
            return item.kind === 'group' ? (
              <GroupRow key={v.key} group={item.group} open={item.open} onToggle={toggle} />
            ) : (
              <CheckRow
                key={v.key}
                check={item.check}
                nested={item.nested}
                onOpen={onOpen}
                maintenance={maintenance?.[item.check.id]}
              />
            );
          })}
          {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
        </tbody>
      </table>
    </div>
  );
}

const GroupRow = memo(function GroupRow({
  group,
  open,
  onToggle,
}: {
  group: CheckGroup;
  open: boolean;
  onToggle: (key: string) => void;
}) {
  return (
    <tr
      data-group={group.key}
      aria-expanded={open}
      onClick={() => onToggle(group.key)}
      className="h-[37px] cursor-pointer border-b border-zinc-100 bg-white hover:bg-zinc-50"
    >
      <td className="px-3">{open ? <ChevronDown className="h-4 w-4" /> : <ChevronRight className="h-4 w-4" />}</td>
      <td className="truncate px-3 font-medium text-zinc-900">
        <span className="inline-flex items-center gap-2">
          <CheckIcon type={group.type} />
          {group.key || '(none)'}
          <span className="rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-500">{group.checks.length}</span>
        </span>
      </td>
      <td className="px-3">
        <span className="inline-flex items-center gap-1.5">
          <GroupDot status={group.status} />
          {group.status}
        </span>
      </td>
      <td className="px-3 tabular-nums">{formatUptime(group.uptime)}</td>
      <td className="px-3" />
      <td className="px-3" />
    </tr>
  );
});

const CheckRow = memo(function CheckRow({
  check,
  nested,
  onOpen,
  maintenance,
}: {
  check: CheckSummary;
  nested: boolean;
  onOpen: (check: CheckSummary) => void;
  maintenance?: string | undefined;
}) {
  return (
    <tr
      data-check={check.name}
      onClick={() => onOpen(check)}
      className="h-[37px] cursor-pointer border-b border-zinc-100 bg-white hover:bg-indigo-50/40"
    >
      <td className="px-3" />
      <td className={`truncate px-3 text-zinc-900 ${nested ? 'pl-8' : ''}`}>
        <span className="inline-flex items-center gap-2">
          <CheckIcon type={check.type} icon={check.icon} />
          {check.name}
          <AgentBadge agentId={check.agent_id} />
          {maintenance && (
            <span
              title={`Under maintenance: ${maintenance}`}
              className="rounded bg-blue-50 px-1.5 text-[11px] font-medium text-blue-700 ring-1 ring-blue-200"
            >
              maintenance
            </span>
          )}
        </span>
      </td>
      <td className="px-3">
        <span className="inline-flex items-center gap-1.5">
          <StatusDot status={check.status} />
          {check.status ?? 'unknown'}
        </span>
      </td>
      <td className="px-3 tabular-nums" title={`${check.uptime.passed} passed, ${check.uptime.failed} failed`}>
        {formatUptime(check.uptime)}
      </td>
      <td className="px-3 tabular-nums" title="p99">
        {formatLatency(check.latency.p99)}
      </td>
      <td className="px-3 text-zinc-500">
        {check.last_transition_time && <Age date={check.last_transition_time} suffix=" ago" />}
      </td>
    </tr>
  );
});
