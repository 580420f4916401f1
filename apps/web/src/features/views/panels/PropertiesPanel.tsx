import type { PanelProps } from './types.js';

/** `properties`: label/value pairs (`label`, `value` columns, or each column of the first row). */
export function PropertiesPanel({ panel }: PanelProps) {
  const pairs =
    panel.rows.length && 'label' in (panel.rows[0] ?? {})
      ? panel.rows.map((r) => [String(r.label ?? ''), r.value] as const)
      : Object.entries(panel.rows[0] ?? {});
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      {pairs.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-zinc-500">{k}</dt>
          <dd className="text-zinc-800">{v === null || v === undefined ? '' : String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}
