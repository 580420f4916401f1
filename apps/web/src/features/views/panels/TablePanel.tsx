import type { PanelProps } from './types.js';

const text = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** `table`: the rows as a small table, columns from the first row. */
export function TablePanel({ panel }: PanelProps) {
  const keys = Object.keys(panel.rows[0] ?? {});
  return (
    <div className="max-h-64 overflow-auto">
      <table className="w-full text-xs">
        <thead>
          <tr>
            {keys.map((k) => (
              <th key={k} className="px-1 py-0.5 text-left font-medium text-zinc-500">
                {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {panel.rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: panel rows have no key of their own
            <tr key={i} className="border-t border-zinc-100">
              {keys.map((k) => (
                <td key={k} className="px-1 py-0.5">
                  {text(r[k])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
