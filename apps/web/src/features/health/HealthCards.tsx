import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { AgentBadge } from '../settings/agents/AgentBadge.js';
import { CheckIcon } from './CheckIcon.js';
import { StatusDot } from './StatusDot.js';
import type { CheckSummary } from './types.js';
import { formatLatency, formatUptime } from './utils.js';

const PER_ROW = 4;
const CARD_ROW_HEIGHT = 92;

/** The card layout: checks with status dots, four to a row, only the rows in view rendered. */
export function HealthCards({ checks, onOpen }: { checks: CheckSummary[]; onOpen: (check: CheckSummary) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const rowCount = Math.ceil(checks.length / PER_ROW);
  const virtual = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ROW_HEIGHT,
    overscan: 4,
  });
  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-auto p-3">
      <ul aria-label="Health check cards" className="relative" style={{ height: virtual.getTotalSize() }}>
        {virtual.getVirtualItems().map((v) => (
          <li
            key={v.key}
            className="absolute inset-x-0 grid grid-cols-4 gap-3"
            style={{ transform: `translateY(${v.start}px)`, height: CARD_ROW_HEIGHT - 12 }}
          >
            {checks.slice(v.index * PER_ROW, v.index * PER_ROW + PER_ROW).map((c) => (
              <Card key={c.id} check={c} onOpen={onOpen} />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

const Card = memo(function Card({ check, onOpen }: { check: CheckSummary; onOpen: (check: CheckSummary) => void }) {
  return (
    <button
      type="button"
      data-card={check.name}
      onClick={() => onOpen(check)}
      className="flex min-w-0 flex-col gap-1 rounded-lg bg-white p-3 text-left shadow-sm ring-1 ring-zinc-200 hover:ring-indigo-300"
    >
      <span className="flex items-center gap-2 text-sm font-medium text-zinc-900">
        <StatusDot status={check.status} />
        <CheckIcon type={check.type} icon={check.icon} />
        <span className="truncate">{check.name}</span>
        <AgentBadge agentId={check.agent_id} />
      </span>
      <span className="flex gap-3 text-xs text-zinc-500 tabular-nums">
        <span>{check.canary_name}</span>
        <span>{formatUptime(check.uptime)}</span>
        <span>{formatLatency(check.latency.p99)}</span>
      </span>
    </button>
  );
});
