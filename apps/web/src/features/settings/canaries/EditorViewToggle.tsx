import { cx } from '../../../ui/cx.js';

/** Which view of a document an editor shows. */
export type EditorView = 'form' | 'yaml';

/**
 * The Form|YAML toggle of every editor over one document (health checks, scrapers, settings
 * kinds with a form). The form stays closed while `formBlocked` says why (YAML that does not parse).
 */
export function EditorViewToggle({
  view,
  onChange,
  formBlocked,
  className,
}: {
  view: EditorView;
  onChange: (view: EditorView) => void;
  formBlocked?: string;
  className?: string;
}) {
  return (
    <fieldset
      aria-label="Editor"
      className={cx('inline-flex rounded-md border border-zinc-300 bg-white p-0.5', className)}
    >
      {(['form', 'yaml'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          disabled={v === 'form' && view === 'yaml' && !!formBlocked}
          title={v === 'form' && formBlocked ? formBlocked : undefined}
          onClick={() => v !== view && onChange(v)}
          className={cx(
            'rounded px-3 py-1 text-xs font-medium disabled:opacity-50',
            view === v ? 'bg-zinc-900 text-white' : 'text-zinc-600 hover:bg-zinc-100',
          )}
        >
          {v === 'form' ? 'Form' : 'YAML'}
        </button>
      ))}
    </fieldset>
  );
}
