import type { ObjectiveFigures } from '@opsdeck/schema';
import { useMemo } from 'react';
import { useElementWidth } from '../../ui/useElementWidth.js';
import { timeTickLabel, timeTicks } from '../health/graphScale.js';

const M = { top: 8, right: 10, bottom: 22, left: 40 };

/**
 * The error budget remaining over the objective's window (100% at its start), drawn as the health
 * graphs are (SVG on the same time scale helpers). Below 0 the line is clipped to the axis.
 */
export function BurnDownChart({ points, height = 140 }: { points: ObjectiveFigures['burn_down']; height?: number }) {
  const [ref, width] = useElementWidth();
  const scale = useMemo(() => {
    const times = points.map((p) => new Date(p.time).getTime());
    const t0 = times[0] ?? Date.now();
    const t1 = Math.max(times.at(-1) ?? t0, t0 + 60_000);
    const { ticks, step } = timeTicks(t0, t1, Math.max(2, Math.floor(width / 110)), new Date().getTimezoneOffset());
    return { times, t0, t1, ticks, step, spansDays: new Date(t0).toDateString() !== new Date(t1).toDateString() };
  }, [points, width]);
  const plotW = Math.max(width - M.left - M.right, 10);
  const plotH = height - M.top - M.bottom;
  const x = (t: number) => M.left + ((t - scale.t0) / (scale.t1 - scale.t0)) * plotW;
  const y = (pct: number) => M.top + plotH - (Math.min(Math.max(pct, 0), 100) / 100) * plotH;
  const last = points.at(-1)?.remaining_percent ?? 100;
  const colour = last <= 0 ? '#dc2626' : last < 25 ? '#d97706' : '#4f46e5';
  return (
    <div ref={ref} className="w-full">
      {width > 0 && points.length > 0 && (
        <svg width={width} height={height} role="img" aria-label="Error budget remaining over the window">
          <g fontSize="10" fill="#71717a">
            {[0, 50, 100].map((v) => (
              <g key={v}>
                <line x1={M.left} x2={M.left + plotW} y1={y(v)} y2={y(v)} stroke={v ? '#e4e4e7' : '#a1a1aa'} />
                <text x={M.left - 6} y={y(v) + 3} textAnchor="end">
                  {v}%
                </text>
              </g>
            ))}
            {scale.ticks.map((t) => (
              <text key={t} x={x(t)} y={M.top + plotH + 15} textAnchor="middle">
                {timeTickLabel(t, scale.step, scale.spansDays)}
              </text>
            ))}
          </g>
          <polyline
            fill="none"
            stroke={colour}
            strokeWidth="1.75"
            strokeLinejoin="round"
            points={points.map((p, i) => `${x(scale.times[i] as number)},${y(p.remaining_percent)}`).join(' ')}
          />
        </svg>
      )}
    </div>
  );
}
