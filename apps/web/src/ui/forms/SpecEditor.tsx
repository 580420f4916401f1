import type { ReactNode } from 'react';
import { cx } from '../cx.js';
import { EditorActions, type EditorActionsProps } from './EditorActions.js';
import { type EditorView, FormYamlToggle } from './FormYamlToggle.js';
import { LazyYamlEditor } from './LazyYamlEditor.js';

/**
 * The frame of a resource's Spec editor with a form builder: the Form|YAML toggle and Delete,
 * Cancel, Save above, the server's refusal under them, then the form or the YAML editor with its
 * status line (problems by path, or that the document is valid).
 */
export function SpecEditor({
  view,
  onView,
  yamlError,
  actions,
  error,
  form,
  yaml,
  yamlStatus,
  className,
}: {
  view: EditorView;
  onView: (view: EditorView) => void;
  /** Set while the YAML does not parse: the form stays closed until it does. */
  yamlError?: string;
  actions: EditorActionsProps;
  /** A refusal of the server, shown until the next edit or save. */
  error?: string;
  form: ReactNode;
  yaml: { text: string; onChange: (text: string) => void; readOnly: boolean; label: string; heightClass: string };
  yamlStatus: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col gap-3', className)}>
      <div className="flex items-center justify-between">
        <FormYamlToggle view={view} onChange={onView} formDisabled={view === 'yaml' && !!yamlError} />
        <div className="flex gap-2">
          <EditorActions {...actions} />
        </div>
      </div>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
          {error}
        </p>
      )}
      {view === 'form' ? (
        form
      ) : (
        <div className="flex flex-col gap-2">
          <div className={yaml.heightClass}>
            <LazyYamlEditor value={yaml.text} onChange={yaml.onChange} readOnly={yaml.readOnly} label={yaml.label} />
          </div>
          {yamlStatus}
        </div>
      )}
    </div>
  );
}

/** 'Invalid YAML: …' under the editor while the text does not parse. */
export function InvalidYaml({ error }: { error: string }) {
  return (
    <p role="alert" className="text-xs text-red-600">
      Invalid YAML: {error}
    </p>
  );
}
