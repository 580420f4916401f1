import { formatNumber, labelValue } from '../format.js';
import { percentOf, thresholdColor } from './GaugePanel.js';
import type { PanelProps } from './types.js';

/**
 * `bargauge`: one horizontal bar per row, under a heading per value of the `group` column when
 * one is named. `format: percentage` shows each value as its share of min..max, `multiplier` as `1.5x`.
 */
export function BarGaugePanel({ panel }: PanelProps) {
  const g = panel.bargauge ?? {};
  const rows = panel.rows.map((raw) => ({ ...labelValue(raw), group: g.group ? String(raw[g.group] ?? '') : '' }));
  const bounds = { ...g, max: typeof g.max === 'number' ? g.max : Math.max(1, ...rows.map((r) => r.value)) };
  const shown = (value: number) => {
    if (g.format === 'percentage') return `${formatNumber(percentOf(value, bounds), undefined, g.precision ?? 0)}%`;
    if (g.format === 'multiplier') return `${formatNumber(value, undefined, g.precision ?? 2)}x`;
    return formatNumber(value, g.unit, g.precision);
  };
  const groups = [...new Set(rows.map((r) => r.group))];
  return (
    <div className="flex flex-col gap-2">
      {groups.map((group) => (
        <section key={group} aria-label={group || undefined} className="flex flex-col gap-1.5">
          {group && <h4 className="text-xs font-medium text-zinc-500">{group}</h4>}
          <ul className="flex flex-col gap-1.5">
            {rows
              .filter((r) => r.group === group)
              .map((r) => {
                const pct = percentOf(r.value, bounds);
                return (
                  <li key={r.label} className="text-xs">
                    <div className="flex justify-between">
                      <span className="truncate text-zinc-700">{r.label}</span>
                      <span className="tabular-nums">{shown(r.value)}</span>
                    </div>
                    <div className="h-2 rounded bg-zinc-100">
                      <div
                        className="h-2 rounded"
                        style={{ width: `${pct}%`, background: thresholdColor(pct, g.thresholds) }}
                      />
                    </div>
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </div>
  );
}
