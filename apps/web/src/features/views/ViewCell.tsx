import type { ViewColumn } from '@opsdeck/schema/view';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateTime } from '../../ui/DateTime.js';
import { ComponentIcon } from '../topology/ComponentIcon.js';
import { colorFor, formatBytes, formatDuration, formatNumber } from './format.js';
import { percentOf, thresholdColor } from './panels/GaugePanel.js';

/** Per-cell extras the server stores beside a row: a link, an icon, gauge bounds over this row. */
export type CellAttributes = { url?: string; icon?: string; min?: number; max?: number };
export type ViewRow = Record<string, unknown> & { __attributes?: Record<string, CellAttributes> };

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function content(column: ViewColumn, value: unknown, attrs: CellAttributes): ReactNode {
  if (value === null || value === undefined) return <span className="text-zinc-300">–</span>;
  switch (column.type) {
    case 'health':
    case 'status': {
      const word = text(value);
      return (
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="h-2 w-2 rounded-full" style={{ background: colorFor(word, 0) }} />
          {word}
        </span>
      );
    }
    case 'number':
    case 'decimal':
    case 'millicore':
      return <span className="tabular-nums">{formatNumber(value, column.unit)}</span>;
    case 'bytes':
      return <span className="tabular-nums">{formatBytes(value)}</span>;
    case 'duration':
      return <span className="tabular-nums">{formatDuration(value)}</span>;
    case 'datetime':
      return <DateTime date={String(value)} />;
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'gauge': {
      const n = Number(value);
      const pct = percentOf(n, {
        ...column.gauge,
        min: attrs.min ?? column.gauge?.min,
        max: attrs.max ?? column.gauge?.max,
      });
      return (
        <span className="inline-flex w-32 items-center gap-2">
          <span className="h-1.5 flex-1 rounded bg-zinc-100">
            <span
              className="block h-1.5 rounded"
              style={{ width: `${pct}%`, background: thresholdColor(pct, column.gauge?.thresholds) }}
            />
          </span>
          <span className="tabular-nums text-xs">{formatNumber(n, column.gauge?.unit ?? column.unit)}</span>
        </span>
      );
    }
    case 'url':
      // the link itself comes from the server's attributes (only http(s) and OpsDeck paths survive)
      return <span className="break-all">{text(value)}</span>;
    case 'badge': {
      const word = text(value);
      const color =
        column.badge?.color?.map?.[word] ?? (column.badge?.color?.auto ? colorFor(word, hashOf(word)) : undefined);
      return (
        <span
          className="inline-block rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-800"
          style={color ? { background: `${color}22`, color, boxShadow: `inset 0 0 0 1px ${color}55` } : undefined}
        >
          {word}
        </span>
      );
    }
    case 'labels':
      return (
        <span className="flex flex-wrap gap-1">
          {Object.entries((value as Record<string, unknown>) ?? {}).map(([k, v]) => (
            <span key={k} className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700">
              {k}={text(v)}
            </span>
          ))}
        </span>
      );
    default:
      return text(value);
  }
}

/** A stable palette index for a word, so `auto` badge colours do not change between renders. */
function hashOf(word: string): number {
  let h = 0;
  for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** One cell of a view row by its column type, with its icon, linked when the server gave it a url. */
export function ViewCell({ column, row }: { column: ViewColumn; row: ViewRow }) {
  const attrs = row.__attributes?.[column.name] ?? {};
  const iconName = attrs.icon ?? (column.icon && !isRowExpression(column.icon) ? column.icon : undefined);
  const value = content(column, row[column.name], attrs);
  const body = iconName ? (
    <span className="inline-flex items-center gap-1.5">
      <ComponentIcon icon={iconName} type={null} className="h-4 w-4" />
      {value}
    </span>
  ) : (
    value
  );
  const url = attrs.url;
  if (!url) return <>{body}</>;
  if (url.startsWith('/') && !url.startsWith('//'))
    return (
      <Link to={url} className="text-blue-700 hover:underline">
        {body}
      </Link>
    );
  if (!/^https?:\/\//i.test(url)) return <>{body}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-blue-700 hover:underline">
      {body}
    </a>
  );
}

/** An icon given as CEL over the row (`row.health`): the server evaluates it per row. */
export function isRowExpression(text: string): boolean {
  return /\brow\.|[?()]/.test(text);
}
