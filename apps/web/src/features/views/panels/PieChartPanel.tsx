import { colorFor, labelValue } from '../format.js';
import type { PanelProps } from './types.js';

/** `piechart`: slices per row, with a legend. */
export function PieChartPanel({ panel }: PanelProps) {
  const rows = panel.rows.map(labelValue).filter((r) => r.value > 0);
  const total = rows.reduce((s, r) => s + r.value, 0);
  let start = 0;
  const slices = rows.map((r, i) => {
    const from = start;
    start += (r.value / total) * Math.PI * 2;
    return { ...r, from, to: start, color: colorFor(r.label, i, panel.piechart?.colors) };
  });
  const point = (a: number) => `${(50 + 40 * Math.sin(a)).toFixed(2)} ${(50 - 40 * Math.cos(a)).toFixed(2)}`;
  return (
    <div className="flex items-center gap-4">
      <svg viewBox="0 0 100 100" className="h-28 w-28 shrink-0" role="img" aria-label={panel.name}>
        {slices.length === 1 ? (
          <circle cx="50" cy="50" r="40" fill={slices[0]?.color} />
        ) : (
          slices.map((s) => (
            <path
              key={s.label}
              d={`M50 50 L${point(s.from)} A40 40 0 ${s.to - s.from > Math.PI ? 1 : 0} 1 ${point(s.to)} Z`}
              fill={s.color}
            />
          ))
        )}
      </svg>
      <ul className="flex flex-col gap-1 text-xs">
        {slices.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span aria-hidden className="h-2.5 w-2.5 rounded-sm" style={{ background: s.color }} />
            <span>{s.label}</span>
            {panel.piechart?.showLabels !== false && <span className="tabular-nums text-zinc-500">{s.value}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
