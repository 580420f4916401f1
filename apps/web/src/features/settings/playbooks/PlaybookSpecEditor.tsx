import { useMemo, useState } from 'react';
import { InvalidYaml, SpecEditor } from '../../../ui/forms/SpecEditor.js';
import { useFormYaml } from '../../../ui/forms/useFormYaml.js';
import { useToasts } from '../../../ui/Toasts.js';
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

  const { view, switchView, yamlText, yamlError, onYaml } = useFormYaml({
    toYaml: () => docToYaml(doc),
    parse: yamlToDoc,
    // name and namespace are fixed once saved, whatever the YAML says
    onParsed: (parsed) =>
      setDoc(
        row
          ? { ...parsed, metadata: { ...parsed.metadata, name: doc.metadata.name, namespace: doc.metadata.namespace } }
          : parsed,
      ),
  });
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
    <>
      <SpecEditor
        className="max-w-5xl"
        view={view}
        onView={switchView}
        yamlError={yamlError}
        actions={{ canSave, canDelete, saving: save.isPending, onDelete: askDelete, onCancel: cancel, onSave }}
        error={serverError}
        form={
          <>
            {showErrors && issues.length > 0 && <Problems issues={issues} />}
            <PlaybookForm doc={doc} onChange={onChange} saved={!!row} readOnly={!canSave} errors={errors} />
          </>
        }
        yaml={{
          text: yamlText,
          onChange: onYaml,
          readOnly: !canSave,
          label: 'Playbook YAML',
          heightClass: 'h-[32rem]',
        }}
        yamlStatus={
          yamlError ? (
            <InvalidYaml error={yamlError} />
          ) : issues.length ? (
            <Problems issues={issues} />
          ) : (
            <p className="text-xs text-emerald-700">Valid playbook</p>
          )
        }
      />
      {deleteDialog}
    </>
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
