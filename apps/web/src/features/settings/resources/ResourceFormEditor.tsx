import { useState } from 'react';
import { EditorFooter } from '../../../ui/forms/EditorActions.js';
import { FormYamlToggle } from '../../../ui/forms/FormYamlToggle.js';
import { LazyYamlEditor } from '../../../ui/forms/LazyYamlEditor.js';
import { InvalidYaml } from '../../../ui/forms/SpecEditor.js';
import { useFormYaml } from '../../../ui/forms/useFormYaml.js';
import { useToasts } from '../../../ui/Toasts.js';
import { ResourceFields } from './ResourceFields.js';
import { bodyOf, parseRowYaml, rowYaml } from './resourceValues.js';
import { fieldOfError } from './serverErrors.js';
import type { KindPartProps } from './types.js';
import { useResourceWrites } from './useResourceWrites.js';

/**
 * The Spec tab of a kind with a `form` (set as its `specEditor`): the common fields and the kind's
 * form over its YAML columns, or the whole row as YAML, behind the one Form|YAML toggle. Both views
 * edit the same values, so a field the form does not show survives a trip through it.
 */
export function ResourceFormEditor({ kind, row, readOnly }: KindPartProps) {
  const Form = kind.form;
  const toasts = useToasts();
  const [values, setValues] = useState<Record<string, unknown>>(() => structuredClone(row ?? kind.blank()));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string }>();
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

  const clientErrors = kind.validate?.(values) ?? {};
  const errors: Record<string, string | undefined> = submitted ? { ...clientErrors } : {};
  if (serverError && !errors[serverError.field]) errors[serverError.field] = serverError.message;
  const change = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (serverError?.field === name) setServerError(undefined);
  };

  const { view, switchView, yamlText, yamlError, onYaml } = useFormYaml({
    toYaml: () => rowYaml(kind, values),
    parse: (text) => {
      const parsed = parseRowYaml(kind, text);
      return parsed.ok ? { doc: parsed.values } : { error: parsed.message };
    },
    onParsed: (parsed) => {
      setServerError(undefined);
      // fields fixed once saved (name, namespace) stay as stored whatever the YAML says
      const fixed = row ? kind.fields.filter((f) => f.fixedOnceSaved).map((f) => [f.name, row[f.name]]) : [];
      setValues((v) => ({ ...v, ...parsed, ...Object.fromEntries(fixed) }));
    },
  });
  const onSave = () => {
    setSubmitted(true);
    if (yamlError || Object.keys(clientErrors).length) {
      toasts.error('Fix the highlighted fields before saving');
      return;
    }
    setServerError(undefined);
    const columns = Object.fromEntries(kind.yamlColumns.map((c) => [c, values[c] ?? null]));
    save.mutate(bodyOf(kind, values, columns, !!row));
  };
  const problems = Object.entries(errors).filter((e): e is [string, string] => !!e[1]);

  return (
    <form
      aria-label={kind.noun}
      noValidate
      className="flex max-w-5xl flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <FormYamlToggle
        view={view}
        onChange={switchView}
        formDisabled={view === 'yaml' && !!yamlError}
        className="self-start"
      />
      {view === 'form' ? (
        <>
          <ResourceFields
            fields={kind.fields}
            values={values}
            errors={errors}
            saved={!!row}
            readOnly={!canSave}
            onChange={change}
          />
          {Form && <Form values={values} errors={errors} saved={!!row} readOnly={!canSave} onChange={change} />}
        </>
      ) : (
        <div className="flex flex-col gap-1">
          <div className="h-[26rem]">
            <LazyYamlEditor value={yamlText} onChange={onYaml} readOnly={!canSave} label={`${kind.noun} YAML`} />
          </div>
          {yamlError ? (
            <InvalidYaml error={yamlError} />
          ) : (
            problems.length > 0 && (
              <ul aria-label="Problems" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
                {problems.map(([path, message]) => (
                  <li key={path}>
                    <code className="font-mono">{path}</code>: {message}
                  </li>
                ))}
              </ul>
            )
          )}
        </div>
      )}
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
