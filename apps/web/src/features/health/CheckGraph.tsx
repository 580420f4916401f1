import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type PointerEvent, useMemo, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { useElementWidth } from '../../ui/useElementWidth.js';
import { fetchCheckGraph, type GraphPoint } from './api.js';
import { latencyTicks, latencyUnit, nearestIndex, timeTickLabel, timeTicks } from './graphScale.js';
import { formatLatency } from './utils.js';

const HEIGHT = 220;
const M = { top: 10, right: 14, bottom: 30, left: 62 };
const PASSED = '#10b981';
const FAILED = '#ef4444';

/**
 * The latency graph (Graph tab, or above the tabs on tall screens): latency over the chosen range
 * with a labelled latency axis and time axis, gridlines, green dots for passing runs and red
 * triangles for failing ones, and a tooltip with the time and value under the pointer (or the
 * arrow keys), as a Grafana panel reads.
 */
export default function CheckGraph({ checkId, from }: { checkId: string; from: string }) {
  const graph = useQuery({
    queryKey: ['health', 'graph', checkId, from],
    queryFn: ({ signal }) => fetchCheckGraph(checkId, from, signal),
  });
  const [ref, width] = useElementWidth();
  const points = graph.data?.status ?? EMPTY;
  const [hover, setHover] = useState<number | null>(null);

  const scale = useMemo(() => {
    const times = points.map((p) => new Date(p.time).getTime());
    const t0 = Math.min(new Date(from).getTime(), ...times);
    const t1 = Math.max(Date.now(), ...times, t0 + 60_000);
    const top = Math.max(...points.map((p) => p.duration), 1);
    const unit = latencyUnit(top);
    const yTicks = latencyTicks(top / unit.per).map((v) => v * unit.per);
    const yMax = yTicks.at(-1) ?? top;
    const { ticks: xTicks, step } = timeTicks(
      t0,
      t1,
      Math.max(2, Math.floor(width / 110)),
      new Date().getTimezoneOffset(),
    );
    const spansDays = new Date(t0).toDateString() !== new Date(t1).toDateString();
    return { times, t0, t1, unit, yTicks, yMax, xTicks, step, spansDays };
  }, [points, from, width]);

  // the measured box is always rendered, so its width is known once the data arrives
  if (graph.isPending || points.length === 0)
    return <div ref={ref}>{graph.isPending ? <LoadingBlock /> : <EmptyState />}</div>;

  const plotW = Math.max(width - M.left - M.right, 10);
  const plotH = HEIGHT - M.top - M.bottom;
  const x = (t: number) => M.left + ((t - scale.t0) / (scale.t1 - scale.t0)) * plotW;
  const y = (ms: number) => M.top + plotH - (ms / scale.yMax) * plotH;
  const xs = scale.times.map(x);
  const tickValue = (ms: number) => `${Number((ms / scale.unit.per).toPrecision(6))} ${scale.unit.unit}`;

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setHover(nearestIndex(xs, e.clientX - box.left));
  };
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const last = points.length - 1;
    const next = { ArrowLeft: (hover ?? last + 1) - 1, ArrowRight: (hover ?? -1) + 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    setHover(Math.min(Math.max(next, 0), last));
  };
  const shown = hover === null ? undefined : points[hover];

  return (
    <figure ref={ref} className="relative m-0 flex flex-col gap-1" data-testid="latency-graph">
      <figcaption className="flex items-center gap-4 text-xs text-zinc-500">
        <span className="font-medium text-zinc-700">Latency</span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block h-2 w-2 rounded-full" style={{ background: PASSED }} />
          passed
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="text-[10px] leading-none" style={{ color: FAILED }}>
            ▲
          </span>
          failed
        </span>
      </figcaption>
      {width > 0 && (
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-label="Latency over time"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: arrow keys move the graph's tooltip
          tabIndex={0}
          className="touch-none outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setHover(null)}
          onFocus={() => setHover((h) => h ?? points.length - 1)}
          onBlur={() => setHover(null)}
          onKeyDown={onKeyDown}
        >
          <g data-axis="latency" fontSize="10" fill="#71717a">
            {scale.yTicks.map((v) => (
              <g key={v}>
                <line x1={M.left} x2={M.left + plotW} y1={y(v)} y2={y(v)} stroke={v ? '#e4e4e7' : '#a1a1aa'} />
                <text x={M.left - 6} y={y(v) + 3} textAnchor="end">
                  {tickValue(v)}
                </text>
              </g>
            ))}
            <text transform={`translate(11 ${M.top + plotH / 2}) rotate(-90)`} textAnchor="middle" fill="#52525b">
              Latency ({scale.unit.unit})
            </text>
          </g>
          <g data-axis="time" fontSize="10" fill="#71717a">
            {scale.xTicks.map((t) => (
              <g key={t}>
                <line x1={x(t)} x2={x(t)} y1={M.top} y2={M.top + plotH} stroke="#f4f4f5" />
                <line x1={x(t)} x2={x(t)} y1={M.top + plotH} y2={M.top + plotH + 4} stroke="#a1a1aa" />
                <text x={x(t)} y={M.top + plotH + 16} textAnchor="middle">
                  {timeTickLabel(t, scale.step, scale.spansDays)}
                </text>
              </g>
            ))}
          </g>
          <polyline
            fill="none"
            stroke="#6366f1"
            strokeWidth="1.5"
            strokeLinejoin="round"
            points={points.map((p, i) => `${xs[i]},${y(p.duration)}`).join(' ')}
          />
          {shown && hover !== null && (
            <line x1={xs[hover]} x2={xs[hover]} y1={M.top} y2={M.top + plotH} stroke="#71717a" strokeDasharray="3 3" />
          )}
          {points.map((p, i) => {
            const cx = xs[i] as number;
            const cy = y(p.duration);
            const r = hover === i ? 5 : 3.5;
            return p.status ? (
              <circle key={p.time} data-status="passed" cx={cx} cy={cy} r={r} fill={PASSED} stroke="#fff" />
            ) : (
              <path
                key={p.time}
                data-status="failed"
                d={`M${cx} ${cy - r - 1} L${cx + r + 1} ${cy + r} L${cx - r - 1} ${cy + r} Z`}
                fill={FAILED}
                stroke="#fff"
              />
            );
          })}
        </svg>
      )}
      {shown && hover !== null && (
        <GraphTooltip point={shown} left={xs[hover] as number} top={y(shown.duration)} width={width} />
      )}
    </figure>
  );
}

function GraphTooltip({ point, left, top, width }: { point: GraphPoint; left: number; top: number; width: number }) {
  const runs = (point.passed ?? 0) + (point.failed ?? 0);
  // beside the point, on the side with room, and above it unless the point is near the top
  const flip = left > width - 280;
  const below = top < 90;
  return (
    <div
      role="tooltip"
      className="pointer-events-none absolute z-10 w-max max-w-64 rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs text-white shadow-lg"
      style={{
        left: flip ? left - 12 : left + 12,
        // the figure's caption line sits above the svg
        top: top + 20 + (below ? 12 : -12),
        translate: `${flip ? '-100%' : '0'} ${below ? '0' : '-100%'}`,
      }}
    >
      <p className="text-zinc-300">{new Date(point.time).toLocaleString()}</p>
      <p>
        <span className="text-zinc-300">Latency</span>{' '}
        <span className="font-semibold tabular-nums">{formatLatency(point.duration)}</span>
      </p>
      <p className="flex items-center gap-1.5">
        <span
          aria-hidden
          className="inline-block h-2 w-2 rounded-full"
          style={{ background: point.status ? PASSED : FAILED }}
        />
        {point.status ? 'Passed' : 'Failed'}
        {runs > 1 && (
          <span className="text-zinc-300">
            ({point.passed ?? 0} passed, {point.failed ?? 0} failed)
          </span>
        )}
      </p>
      {(point.error || point.message) && (
        <p className="mt-0.5 line-clamp-2 text-zinc-300">{point.error || point.message}</p>
      )}
    </div>
  );
}

const EMPTY: GraphPoint[] = [];
