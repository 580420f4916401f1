import { type FormEvent, useMemo, useState } from 'react';
import { EditorFooter } from '../../../ui/forms/EditorActions.js';
import { LazyYamlEditor } from '../../../ui/forms/LazyYamlEditor.js';
import { ResourceFields } from './ResourceFields.js';
import { bodyOf, parseYamlColumns, yamlOf } from './resourceValues.js';
import { fieldOfError } from './serverErrors.js';
import type { ResourceKind, ResourceRow } from './types.js';
import { useResourceWrites } from './useResourceWrites.js';
import { YamlProblems } from './YamlProblems.js';

/**
 * The Spec tab of a settings resource (or the whole page of a new one): the kind's common fields
 * in a form and its other columns as YAML. Save, Cancel and Delete as `useResourceWrites` has them; a
 * refusal of the server shows next to the field it names, else as a toast.
 */
export function ResourceEditor({ kind, row, readOnly }: { kind: ResourceKind; row?: ResourceRow; readOnly: boolean }) {
  const [values, setValues] = useState<Record<string, unknown>>(() => row ?? kind.blank());
  const [yamlText, setYamlText] = useState(() => yamlOf(kind, row ?? kind.blank()));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string }>();
  const parsed = useMemo(() => parseYamlColumns(kind, yamlText), [kind, yamlText]);
  // the kind's own schema, checked as the YAML is typed (the root column's value, or the document)
  const checked = useMemo(
    () =>
      parsed.ok && kind.checkYaml
        ? kind.checkYaml.check(kind.yamlRoot ? parsed.values[kind.yamlRoot] : parsed.values)
        : undefined,
    [kind, parsed],
  );
  const issues = checked && !checked.ok ? checked.issues : [];
  const fieldNames = [...kind.fields.map((f) => f.name), ...kind.yamlColumns];
  const { canSave, canDelete, save, cancel, askDelete, deleteDialog } = useResourceWrites(
    kind,
    row,
    readOnly,
    (message) => {
      const field = fieldOfError(message, fieldNames);
      if (field) setServerError({ field, message });
      return !!field;
    },
  );

  // the YAML columns count too: a rule telling only channels (custom_services) names its recipient there
  const checkedValues = parsed.ok ? { ...values, ...parsed.values } : values;
  const clientErrors = submitted ? (kind.validate?.(checkedValues) ?? {}) : {};
  const errors: Record<string, string | undefined> = { ...clientErrors };
  if (serverError && !errors[serverError.field]) errors[serverError.field] = serverError.message;
  const yamlError = !parsed.ok
    ? parsed.message
    : serverError && kind.yamlColumns.includes(serverError.field)
      ? serverError.message
      : undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(kind.validate?.(checkedValues) ?? {}).length || !parsed.ok || issues.length) return;
    // the value as the schema reads it (a severity lower-cased...) is what is saved
    const yamlValues =
      checked?.ok && kind.yamlRoot ? { ...parsed.values, [kind.yamlRoot]: checked.value } : parsed.values;
    setServerError(undefined);
    save.mutate(bodyOf(kind, values, yamlValues, !!row));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={kind.noun} className="flex max-w-5xl flex-col gap-4">
      <ResourceFields
        fields={kind.fields}
        values={values}
        errors={errors}
        saved={!!row}
        readOnly={!canSave}
        onChange={(name, value) => {
          setValues((v) => ({ ...v, [name]: value }));
          if (serverError?.field === name) setServerError(undefined);
        }}
      />
      <div className="flex flex-col gap-1">
        <span className="text-xs font-medium text-zinc-600">Spec (YAML)</span>
        {!kind.yamlRoot && <p className="text-xs text-zinc-500">{kind.yamlColumns.join(', ')}</p>}
        <div className="h-[24rem]">
          <LazyYamlEditor
            value={yamlText}
            onChange={(t) => {
              setYamlText(t);
              if (serverError && kind.yamlColumns.includes(serverError.field)) setServerError(undefined);
            }}
            readOnly={!canSave}
            label="Spec (YAML)"
          />
        </div>
        {yamlError && (
          <p role="alert" className="text-xs text-red-600">
            {yamlError}
          </p>
        )}
        {kind.checkYaml && parsed.ok && (
          <YamlProblems issues={issues} valid={canSave ? kind.checkYaml.valid : undefined} />
        )}
      </div>
      <EditorFooter
        canSave={canSave}
        canDelete={canDelete}
        saving={save.isPending}
        onDelete={askDelete}
        onCancel={cancel}
      />
      {deleteDialog}
    </form>
  );
}
