import { formatNumber, labelValue } from '../format.js';
import type { PanelProps } from './types.js';

type Gauge = {
  /** The server turns templated bounds into numbers; a bound left as text counts as unset. */
  min?: number | string;
  max?: number | string;
  unit?: string;
  precision?: number;
  thresholds?: Array<{ percent: number; color: string }>;
};

/** The colour of the highest threshold the percentage reaches. */
export function thresholdColor(percent: number, thresholds: Gauge['thresholds']): string {
  const hit = [...(thresholds ?? [])].sort((a, b) => a.percent - b.percent).filter((t) => percent >= t.percent);
  return hit[hit.length - 1]?.color ?? '#2563eb';
}

const bound = (v: number | string | undefined, fallback: number) => {
  const n = typeof v === 'number' ? v : Number(v);
  return v === undefined || v === '' || !Number.isFinite(n) ? fallback : n;
};

export function percentOf(value: number, g: Gauge | undefined): number {
  const min = bound(g?.min, 0);
  const max = bound(g?.max, 100);
  return max === min ? 0 : Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100));
}

/** `gauge`: a half circle filled to the first row's value between min and max. */
export function GaugePanel({ panel }: PanelProps) {
  const row = panel.rows[0];
  const { value } = row ? labelValue(row) : { value: 0 };
  const pct = percentOf(value, panel.gauge);
  const angle = Math.PI * (1 - pct / 100);
  const x = 50 + 40 * Math.cos(angle);
  const y = 50 - 40 * Math.sin(angle);
  return (
    <figure className="flex flex-col items-center">
      <svg viewBox="0 0 100 55" className="w-40" role="img" aria-label={`${panel.name}: ${value}`}>
        <path d="M10 50 A40 40 0 0 1 90 50" fill="none" stroke="#e4e4e7" strokeWidth="8" />
        {pct > 0 && (
          <path
            d={`M10 50 A40 40 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`}
            fill="none"
            stroke={thresholdColor(pct, panel.gauge?.thresholds)}
            strokeWidth="8"
          />
        )}
      </svg>
      <figcaption className="-mt-3 text-xl font-semibold tabular-nums">
        {formatNumber(value, panel.gauge?.unit, panel.gauge?.precision)}
      </figcaption>
    </figure>
  );
}
