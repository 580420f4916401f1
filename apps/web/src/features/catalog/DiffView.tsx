import { cx } from '../../ui/cx.js';

/** A unified diff, one line per row: additions green, removals red, hunk headers muted. */
export function DiffView({ diff, label = 'Diff' }: { diff: string | null | undefined; label?: string }) {
  if (!diff) return <p className="text-sm text-zinc-500">No diff recorded.</p>;
  const lines = diff.replace(/\n$/, '').split('\n');
  return (
    <pre
      title={label}
      data-testid="diff"
      className="max-h-[60vh] overflow-auto rounded-md bg-zinc-50 py-2 font-mono text-xs leading-5 ring-1 ring-zinc-200"
    >
      {lines.map((line, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
          key={i}
          className={cx(
            'px-3 whitespace-pre',
            line.startsWith('+') && !line.startsWith('+++') && 'bg-emerald-50 text-emerald-900',
            line.startsWith('-') && !line.startsWith('---') && 'bg-red-50 text-red-900',
            line.startsWith('@@') && 'bg-sky-50 text-sky-800',
            (line.startsWith('+++') || line.startsWith('---')) && 'text-zinc-500',
          )}
        >
          {line || ' '}
        </div>
      ))}
    </pre>
  );
}
