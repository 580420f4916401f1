import { formatDuration, formatNumber, labelValue } from '../format.js';
import type { PanelProps } from './types.js';

/** `number` and `duration`: the first row's value, large. */
export function NumberPanel({ panel }: PanelProps) {
  const row = panel.rows[0];
  const { value } = row ? labelValue(row) : { value: Number.NaN };
  const text =
    panel.type === 'duration'
      ? formatDuration(value)
      : formatNumber(value, panel.number?.unit, panel.number?.precision);
  return <p className="text-3xl font-semibold tabular-nums text-zinc-900">{row ? text : '–'}</p>;
}
