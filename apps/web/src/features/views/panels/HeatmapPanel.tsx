import { formatNumber } from '../format.js';
import { fillDays, heatmapDays, level, weeks } from '../utils/heatmap.js';
import type { PanelProps } from './types.js';

const SHADES = ['#f4f4f5', '#bbf7d0', '#4ade80', '#16a34a', '#14532d'];

function Cell({ date, value, max, unit }: { date: string; value: number; max: number; unit?: string }) {
  const label = `${date}: ${formatNumber(value, unit)}`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className="block h-3 w-3 rounded-sm"
      style={{ background: SHADES[level(value, max)] }}
    />
  );
}

/**
 * `heatmap`: a value per day, darker the higher. `calendar` (default) lays the days out as weeks
 * (GitHub-style); `compact` as one strip in date order.
 */
export function HeatmapPanel({ panel }: PanelProps) {
  const opts = panel.heatmap ?? {};
  const days = fillDays(heatmapDays(panel.rows, opts.timeKey, opts.valueKey));
  if (!days.length) return <p className="text-xs text-zinc-500">No data</p>;
  const max = Math.max(...days.map((d) => d.value));
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const caption = (
    <p className="text-xs text-zinc-500">
      {formatNumber(total)} over {days.length} {days.length === 1 ? 'day' : 'days'} ({days[0]?.date} to{' '}
      {days[days.length - 1]?.date})
    </p>
  );
  if (opts.mode === 'compact')
    return (
      <figure className="flex flex-col gap-1" data-testid="heatmap-compact">
        <div className="flex flex-wrap gap-0.5">
          {days.map((d) => (
            <Cell key={d.date} {...d} max={max} />
          ))}
        </div>
        {caption}
      </figure>
    );
  return (
    <figure className="flex flex-col gap-1" data-testid="heatmap-calendar">
      <div className="flex gap-0.5 overflow-x-auto">
        {weeks(days).map((week) => (
          <div key={week.find(Boolean)?.date} className="flex flex-col gap-0.5">
            {week.map((d, i) =>
              d ? (
                <Cell key={d.date} {...d} max={max} />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: padding before the first day
                <span key={`pad-${i}`} className="block h-3 w-3" />
              ),
            )}
          </div>
        ))}
      </div>
      {caption}
    </figure>
  );
}
