import { Save, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { LazyYamlEditor } from '../../../ui/forms/LazyYamlEditor.js';
import { useToasts } from '../../../ui/Toasts.js';
import { type EditorView, FormYamlToggle } from '../resources/FormYamlToggle.js';
import type { KindPartProps } from '../resources/types.js';
import { useResourceWrites } from '../resources/useResourceWrites.js';
import { CanaryForm, formHasErrors, NO_CHECKS_MESSAGE } from './CanaryForm.js';
import {
  type CanaryDoc,
  type CanaryRow,
  docChecks,
  docFromRow,
  docToYaml,
  issuesByPath,
  rowFromDoc,
  validateDoc,
  yamlToDoc,
} from './canaryDoc.js';

/**
 * A health check's Spec tab (the `canaries` kind's `specEditor`): the form builder and the YAML
 * editor over one Canary document; Save, Cancel and Delete are the generic editor's (`useResourceWrites`).
 */
export function CanarySpecEditor({ kind, row: stored, readOnly }: KindPartProps) {
  const row = stored as CanaryRow | undefined; // the kind's detailSelect reads a CanaryRow
  const toasts = useToasts();
  const [doc, setDoc] = useState<CanaryDoc>(() => docFromRow(row));
  const [view, setView] = useState<EditorView>('form');
  const [yamlText, setYamlText] = useState('');
  const [yamlError, setYamlError] = useState<string>();
  const [showErrors, setShowErrors] = useState(false);
  const issues = useMemo(() => validateDoc(doc), [doc]);
  const issueMap = useMemo(() => issuesByPath(issues), [issues]);
  const { canSave, canDelete, save, cancel, askDelete, deleteDialog } = useResourceWrites(kind, stored, readOnly);
  const editable = canSave;

  const switchView = (next: EditorView) => {
    if (next === view) return;
    if (next === 'yaml') {
      setYamlText(docToYaml(doc));
      setYamlError(undefined);
    } else if (yamlError) return; // keep the person in YAML until it parses
    setView(next);
  };
  const onYaml = (text: string) => {
    setYamlText(text);
    const parsed = yamlToDoc(text);
    if ('error' in parsed) setYamlError(parsed.error);
    else {
      setYamlError(undefined);
      // name and namespace are fixed once saved, whatever the YAML says
      setDoc(
        row
          ? { ...parsed.doc, metadata: { ...parsed.doc.metadata, name: row.name, namespace: row.namespace } }
          : parsed.doc,
      );
    }
  };
  const onSave = () => {
    setShowErrors(true);
    if (yamlError || issues.length || formHasErrors(doc)) {
      toasts.error('Fix the highlighted fields before saving');
      return;
    }
    const values = rowFromDoc(doc);
    // name and namespace are fixed once saved
    save.mutate(row ? { labels: values.labels, spec: values.spec } : values);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <FormYamlToggle view={view} onChange={switchView} formDisabled={view === 'yaml' && !!yamlError} />
        <div className="flex gap-2">
          {canDelete && (
            <Button variant="danger" icon={<Trash2 className="h-4 w-4" />} onClick={askDelete}>
              Delete
            </Button>
          )}
          {canSave && <Button onClick={cancel}>Cancel</Button>}
          {canSave && (
            <Button variant="primary" icon={<Save className="h-4 w-4" />} onClick={onSave} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          )}
        </div>
      </div>

      {view === 'form' ? (
        <CanaryForm
          doc={doc}
          onChange={setDoc}
          saved={!!row}
          readOnly={!editable}
          showErrors={showErrors}
          issues={issueMap}
          onEditYaml={() => switchView('yaml')}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <div className="h-[28rem]">
            <LazyYamlEditor value={yamlText} onChange={onYaml} readOnly={!editable} label="Health check YAML" />
          </div>
          <YamlProblems yamlError={yamlError} issues={issues} noChecks={docChecks(doc).length === 0} />
        </div>
      )}

      {deleteDialog}
    </div>
  );
}

/** The YAML view's inline problems: the parse error, else the shared schema's issues by path. */
function YamlProblems({
  yamlError,
  issues,
  noChecks,
}: {
  yamlError?: string;
  issues: ReturnType<typeof validateDoc>;
  noChecks: boolean;
}) {
  if (!yamlError && !issues.length && noChecks) {
    return <p className="text-xs text-amber-700">{NO_CHECKS_MESSAGE}</p>;
  }
  if (!yamlError && !issues.length) {
    return <p className="text-xs text-emerald-700">Valid health check</p>;
  }
  return (
    <ul aria-label="Problems" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
      {yamlError ? (
        <li>Invalid YAML: {yamlError}</li>
      ) : (
        issues.map((i) => (
          <li key={`${i.path}:${i.message}`}>
            <code className="font-mono">{i.path}</code>: {i.message}
          </li>
        ))
      )}
    </ul>
  );
}
