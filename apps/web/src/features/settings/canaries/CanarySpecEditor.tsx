import { useMemo, useState } from 'react';
import { SpecEditor } from '../../../ui/forms/SpecEditor.js';
import { useFormYaml } from '../../../ui/forms/useFormYaml.js';
import { useToasts } from '../../../ui/Toasts.js';
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
  const [showErrors, setShowErrors] = useState(false);
  const issues = useMemo(() => validateDoc(doc), [doc]);
  const issueMap = useMemo(() => issuesByPath(issues), [issues]);
  const { canSave, canDelete, save, cancel, askDelete, deleteDialog } = useResourceWrites(kind, stored, readOnly);
  const editable = canSave;

  const { view, switchView, yamlText, yamlError, onYaml } = useFormYaml({
    toYaml: () => docToYaml(doc),
    parse: yamlToDoc,
    // name and namespace are fixed once saved, whatever the YAML says
    onParsed: (parsed) =>
      setDoc(row ? { ...parsed, metadata: { ...parsed.metadata, name: row.name, namespace: row.namespace } } : parsed),
  });
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
    <>
      <SpecEditor
        view={view}
        onView={switchView}
        yamlError={yamlError}
        actions={{ canSave, canDelete, saving: save.isPending, onDelete: askDelete, onCancel: cancel, onSave }}
        form={
          <CanaryForm
            doc={doc}
            onChange={setDoc}
            saved={!!row}
            readOnly={!editable}
            showErrors={showErrors}
            issues={issueMap}
            onEditYaml={() => switchView('yaml')}
          />
        }
        yaml={{
          text: yamlText,
          onChange: onYaml,
          readOnly: !editable,
          label: 'Health check YAML',
          heightClass: 'h-[28rem]',
        }}
        yamlStatus={<YamlProblems yamlError={yamlError} issues={issues} noChecks={docChecks(doc).length === 0} />}
      />
      {deleteDialog}
    </>
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
