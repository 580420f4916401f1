import { Save, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../ui/Button.js';
import { LazyYamlEditor } from '../../ui/forms/LazyYamlEditor.js';
import { useToasts } from '../../ui/Toasts.js';
import { type EditorView, FormYamlToggle } from '../settings/resources/FormYamlToggle.js';
import type { KindPartProps } from '../settings/resources/types.js';
import { useResourceWrites } from '../settings/resources/useResourceWrites.js';
import { YamlProblems } from '../settings/resources/YamlProblems.js';
import { ApplicationForm } from './ApplicationForm.js';
import { type ApplicationRow, docFromRow, docToYaml, rowFromDoc, validateDoc, yamlToDoc } from './applicationDoc.js';

/**
 * An Application's Spec tab (and the New application page) on the generic settings editor: the
 * form and the YAML over one Application document; Save, Cancel and Delete are the editor's.
 */
export function ApplicationSpecEditor({ kind, row: stored, readOnly }: KindPartProps) {
  const row = stored as ApplicationRow | undefined;
  const toasts = useToasts();
  const [doc, setDoc] = useState(() => docFromRow(row));
  const [view, setView] = useState<EditorView>('form');
  const [yamlText, setYamlText] = useState('');
  const [yamlError, setYamlError] = useState<string>();
  const [showErrors, setShowErrors] = useState(false);
  const issues = useMemo(() => validateDoc(doc), [doc]);
  const { canSave, canDelete, save, cancel, askDelete, deleteDialog } = useResourceWrites(kind, stored, readOnly);

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
    if ('error' in parsed) return setYamlError(parsed.error);
    setYamlError(undefined);
    // name and namespace are fixed once saved, whatever the YAML says
    setDoc(
      row
        ? { ...parsed.doc, metadata: { ...parsed.doc.metadata, name: row.name, namespace: row.namespace } }
        : parsed.doc,
    );
  };
  const onSave = () => {
    setShowErrors(true);
    if (yamlError || issues.length) {
      toasts.error('Fix the highlighted fields before saving');
      return;
    }
    const values = rowFromDoc(doc);
    save.mutate(row ? { description: values.description, spec: values.spec } : values);
  };
  const shown = showErrors ? issues : [];

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
        <>
          <ApplicationForm
            doc={doc}
            onChange={setDoc}
            saved={!!row}
            readOnly={!canSave}
            issues={new Map(shown.map((i) => [i.path, i.message]))}
          />
          {shown.length > 0 && <YamlProblems issues={shown} />}
        </>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="h-[28rem]">
            <LazyYamlEditor value={yamlText} onChange={onYaml} readOnly={!canSave} label="Application YAML" />
          </div>
          {yamlError ? (
            <p role="alert" className="text-xs text-red-600">
              Invalid YAML: {yamlError}
            </p>
          ) : (
            <YamlProblems issues={issues} valid={canSave ? 'Valid application' : undefined} />
          )}
        </div>
      )}
      {deleteDialog}
    </div>
  );
}
