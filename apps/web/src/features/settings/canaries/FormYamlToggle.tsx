import { cx } from '../../../ui/cx.js';

/** Which view of a spec editor is shown: the form builder or the YAML of the same document. */
export type EditorView = 'form' | 'yaml';

/**
 * The Form|YAML toggle of the spec editors (health checks, playbooks): Form is disabled while the
 * YAML does not parse, so the person stays in YAML until it does.
 */
export function FormYamlToggle({
  view,
  onChange,
  yamlInvalid,
}: {
  view: EditorView;
  onChange: (view: EditorView) => void;
  yamlInvalid: boolean;
}) {
  return (
    <fieldset aria-label="Editor" className="inline-flex rounded-md border border-zinc-300 bg-white p-0.5">
      {(['form', 'yaml'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          disabled={v === 'form' && view === 'yaml' && yamlInvalid}
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
