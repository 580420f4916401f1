import { colorFor } from '../format.js';
import type { PanelProps } from './types.js';

/** `timeseries`: a line per series (`series` or `label` column) of value over time. */
export function TimeseriesPanel({ panel }: PanelProps) {
  const timeKey = panel.timeseries?.timeKey ?? 'timestamp';
  const valueKey = panel.timeseries?.valueKey ?? 'value';
  const points = panel.rows
    .map((r) => ({
      t: new Date(String(r[timeKey] ?? '')).getTime(),
      v: Number(r[valueKey]),
      s: String(r.series ?? r.label ?? panel.name),
    }))
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.v))
    .sort((a, b) => a.t - b.t);
  if (!points.length) return <p className="text-xs text-zinc-500">No data</p>;
  const [t0, t1] = [points[0]?.t ?? 0, points[points.length - 1]?.t ?? 1];
  const vmax = Math.max(...points.map((p) => p.v), 0);
  const vmin = Math.min(...points.map((p) => p.v), 0);
  const x = (t: number) => (t1 === t0 ? 50 : ((t - t0) / (t1 - t0)) * 100);
  const y = (v: number) => (vmax === vmin ? 20 : 38 - ((v - vmin) / (vmax - vmin)) * 36);
  const series = [...new Set(points.map((p) => p.s))];
  return (
    <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-32 w-full" role="img" aria-label={panel.name}>
      {series.map((s, i) => (
        <polyline
          key={s}
          fill="none"
          stroke={colorFor(s, i)}
          strokeWidth="0.8"
          vectorEffect="non-scaling-stroke"
          points={points
            .filter((p) => p.s === s)
            .map((p) => `${x(p.t).toFixed(2)},${y(p.v).toFixed(2)}`)
            .join(' ')}
        />
      ))}
    </svg>
  );
}
