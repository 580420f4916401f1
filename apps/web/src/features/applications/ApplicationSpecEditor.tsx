import { useMemo, useState } from 'react';
import { InvalidYaml, SpecEditor } from '../../ui/forms/SpecEditor.js';
import { useFormYaml } from '../../ui/forms/useFormYaml.js';
import { useToasts } from '../../ui/Toasts.js';
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
  const [showErrors, setShowErrors] = useState(false);
  const issues = useMemo(() => validateDoc(doc), [doc]);
  const { canSave, canDelete, save, cancel, askDelete, deleteDialog } = useResourceWrites(kind, stored, readOnly);

  const { view, switchView, yamlText, yamlError, onYaml } = useFormYaml({
    toYaml: () => docToYaml(doc),
    parse: yamlToDoc,
    // name and namespace are fixed once saved, whatever the YAML says
    onParsed: (parsed) =>
      setDoc(row ? { ...parsed, metadata: { ...parsed.metadata, name: row.name, namespace: row.namespace } } : parsed),
  });
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
    <>
      <SpecEditor
        view={view}
        onView={switchView}
        yamlError={yamlError}
        actions={{ canSave, canDelete, saving: save.isPending, onDelete: askDelete, onCancel: cancel, onSave }}
        form={
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
        }
        yaml={{
          text: yamlText,
          onChange: onYaml,
          readOnly: !canSave,
          label: 'Application YAML',
          heightClass: 'h-[28rem]',
        }}
        yamlStatus={
          yamlError ? (
            <InvalidYaml error={yamlError} />
          ) : (
            <YamlProblems issues={issues} valid={canSave ? 'Valid application' : undefined} />
          )
        }
      />
      {deleteDialog}
    </>
  );
}
