import { Save, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { LazyYamlEditor } from '../../../ui/forms/LazyYamlEditor.js';
import { useToasts } from '../../../ui/Toasts.js';
import { type EditorView, FormYamlToggle } from '../resources/FormYamlToggle.js';
import type { KindPartProps } from '../resources/types.js';
import { useResourceWrites } from '../resources/useResourceWrites.js';
import { PlaybookForm } from './PlaybookForm.js';
import {
  docFromRow,
  docToYaml,
  issuesByPath,
  type PlaybookDoc,
  type PlaybookRow,
  rowFromDoc,
  validateDoc,
  yamlToDoc,
} from './playbookDoc.js';

/**
 * A playbook's Spec tab (the `playbooks` kind's `specEditor`): the builder and the YAML editor
 * over one Playbook document, with the Form|YAML toggle of the health check editor; Save, Cancel
 * and Delete are the generic editor's (`useResourceWrites`).
 */
export function PlaybookSpecEditor({ kind, row: stored, readOnly }: KindPartProps) {
  const row = stored as (PlaybookRow & { id: string }) | undefined; // the kind's detailSelect reads these columns
  const toasts = useToasts();
  const [doc, setDoc] = useState<PlaybookDoc>(() => docFromRow(row));
  const [view, setView] = useState<EditorView>('form');
  const [yamlText, setYamlText] = useState('');
  const [yamlError, setYamlError] = useState<string>();
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const issues = useMemo(() => validateDoc(doc), [doc]);
  const { canSave, canDelete, save, cancel, askDelete, deleteDialog } = useResourceWrites(
    kind,
    stored,
    readOnly,
    (message) => {
      setServerError(message);
      return true;
    },
  );
  const errors = useMemo(() => (showErrors ? issuesByPath(issues) : new Map<string, string>()), [showErrors, issues]);

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
          ? {
              ...parsed.doc,
              metadata: { ...parsed.doc.metadata, name: doc.metadata.name, namespace: doc.metadata.namespace },
            }
          : parsed.doc,
      );
    }
  };
  const onChange = (next: PlaybookDoc) => {
    setDoc(next);
    setServerError(undefined);
  };
  const onSave = () => {
    setShowErrors(true);
    setServerError(undefined);
    if (yamlError || issues.length) {
      toasts.error('Fix the highlighted fields before saving');
      return;
    }
    save.mutate(rowFromDoc(doc, !!row));
  };

  return (
    <div className="flex max-w-5xl flex-col gap-3">
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
      {serverError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
          {serverError}
        </p>
      )}
      {showErrors && view === 'form' && issues.length > 0 && <Problems issues={issues} />}

      {view === 'form' ? (
        <PlaybookForm doc={doc} onChange={onChange} saved={!!row} readOnly={!canSave} errors={errors} />
      ) : (
        <div className="flex flex-col gap-2">
          <div className="h-[32rem]">
            <LazyYamlEditor value={yamlText} onChange={onYaml} readOnly={!canSave} label="Playbook YAML" />
          </div>
          {yamlError ? (
            <p role="alert" className="text-xs text-red-600">
              Invalid YAML: {yamlError}
            </p>
          ) : issues.length ? (
            <Problems issues={issues} />
          ) : (
            <p className="text-xs text-emerald-700">Valid playbook</p>
          )}
        </div>
      )}
      {deleteDialog}
    </div>
  );
}

/** The schema's problems by path, so none hides in a part of the document the form does not show. */
function Problems({ issues }: { issues: ReturnType<typeof validateDoc> }) {
  return (
    <ul aria-label="Problems" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
      {issues.map((i) => (
        <li key={`${i.path}:${i.message}`}>
          <code className="font-mono">{i.path}</code>: {i.message}
        </li>
      ))}
    </ul>
  );
}
