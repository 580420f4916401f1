import { cx } from '../cx.js';

/** Which view of a resource's document an editor shows. */
export type EditorView = 'form' | 'yaml';

/**
 * The Form | YAML switch of the settings editors: both views edit one document, so switching never
 * loses a field the form does not show. The form stays off while the YAML does not parse.
 */
export function FormYamlToggle({
  view,
  onChange,
  formDisabled = false,
  className,
}: {
  view: EditorView;
  onChange: (view: EditorView) => void;
  formDisabled?: boolean;
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
          disabled={v === 'form' && formDisabled}
          title={v === 'form' && formDisabled ? 'Fix the YAML first' : undefined}
          onClick={() => onChange(v)}
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
