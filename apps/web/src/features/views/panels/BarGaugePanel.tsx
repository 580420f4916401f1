import { formatNumber, labelValue } from '../format.js';
import { percentOf, thresholdColor } from './GaugePanel.js';
import type { PanelProps } from './types.js';

/** `bargauge`: one horizontal bar per row. */
export function BarGaugePanel({ panel }: PanelProps) {
  const rows = panel.rows.map(labelValue);
  const g = panel.bargauge ?? { max: Math.max(1, ...rows.map((r) => r.value)) };
  const bounds = { ...g, max: g.max ?? Math.max(1, ...rows.map((r) => r.value)) };
  return (
    <ul className="flex flex-col gap-1.5">
      {rows.map((r) => {
        const pct = percentOf(r.value, bounds);
        return (
          <li key={r.label} className="text-xs">
            <div className="flex justify-between">
              <span className="truncate text-zinc-700">{r.label}</span>
              <span className="tabular-nums">{formatNumber(r.value, bounds.unit, bounds.precision)}</span>
            </div>
            <div className="h-2 rounded bg-zinc-100">
              <div
                className="h-2 rounded"
                style={{ width: `${pct}%`, background: thresholdColor(pct, bounds.thresholds) }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
