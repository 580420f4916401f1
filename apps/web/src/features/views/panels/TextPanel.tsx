import type { PanelProps } from './types.js';

/** `text`: the first column of each row as a paragraph (plain text, never HTML). */
export function TextPanel({ panel }: PanelProps) {
  return (
    <div className="flex flex-col gap-1 text-sm text-zinc-700">
      {panel.rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: panel rows have no key of their own
        <p key={i}>{String(Object.values(r)[0] ?? '')}</p>
      ))}
    </div>
  );
}
