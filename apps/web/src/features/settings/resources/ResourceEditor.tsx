import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { useSession } from '../../../app/session.js';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { useToasts } from '../../../ui/Toasts.js';
import { LazyYamlEditor } from '../canaries/LazyYamlEditor.js';
import { createResource, deleteResource, resourceQueries, updateResource } from './api.js';
import { ResourceFields } from './ResourceFields.js';
import { bodyOf, parseYamlColumns, yamlOf } from './resourceValues.js';
import { fieldOfError } from './serverErrors.js';
import type { ResourceKind, ResourceRow } from './types.js';
import { YamlProblems } from './YamlProblems.js';

/**
 * The Spec tab of a settings resource (or the whole page of a new one): the kind's common fields
 * in a form and its other columns as YAML. Save and Delete (after 'Are you sure you want to
 * delete this resource?') only for a writable row and a person allowed to write; a refusal of
 * the server shows next to the field it names, else as a toast.
 */
export function ResourceEditor({ kind, row, readOnly }: { kind: ResourceKind; row?: ResourceRow; readOnly: boolean }) {
  const session = useSession();
  const toasts = useToasts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<string, unknown>>(() => row ?? kind.blank());
  const [yamlText, setYamlText] = useState(() => yamlOf(kind, row ?? kind.blank()));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string }>();
  const [confirming, setConfirming] = useState(false);
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
  const canSave = !readOnly && session.can(kind.resource, row ? 'update' : 'create');
  const canDelete = !readOnly && !!row && session.can(kind.resource, 'delete');
  const fieldNames = [...kind.fields.map((f) => f.name), ...kind.yamlColumns];

  const clientErrors = submitted ? (kind.validate?.(values) ?? {}) : {};
  const errors: Record<string, string | undefined> = { ...clientErrors };
  if (serverError && !errors[serverError.field]) errors[serverError.field] = serverError.message;
  const yamlError = !parsed.ok
    ? parsed.message
    : serverError && kind.yamlColumns.includes(serverError.field)
      ? serverError.message
      : undefined;

  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      if (!row) return createResource(kind, body);
      await updateResource(kind, row.id, body);
      return row.id;
    },
    onSuccess: async (id) => {
      setServerError(undefined);
      await client.invalidateQueries({ queryKey: resourceQueries.all(kind.table) });
      const name = String(row?.name ?? values.name ?? '');
      toasts.success(`${name} ${row ? 'updated' : 'created'} successfully`);
      if (!row) navigate(`/settings/${kind.table}/${id}`, { replace: true });
    },
    onError: (err) => {
      const message = errorMessage(err);
      const field = fieldOfError(message, fieldNames);
      if (field) setServerError({ field, message });
      else toasts.error(message);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteResource(kind, row?.id ?? ''),
    onSuccess: async () => {
      toasts.success(`${row?.name} deleted successfully`);
      await client.invalidateQueries({ queryKey: resourceQueries.all(kind.table) });
      navigate(`/settings/${kind.table}`);
    },
    onError: (err) => {
      setConfirming(false);
      toasts.error(errorMessage(err));
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(kind.validate?.(values) ?? {}).length || !parsed.ok || issues.length) return;
    // the value as the schema reads it (a severity lower-cased...) is what is saved
    const yamlValues =
      checked?.ok && kind.yamlRoot ? { ...parsed.values, [kind.yamlRoot]: checked.value } : parsed.values;
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
      {(canSave || canDelete) && (
        <div className="flex justify-end gap-2 border-t border-zinc-200 pt-3">
          {canDelete && (
            <Button variant="danger" icon={<Trash2 className="h-4 w-4" />} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
          {canSave && (
            <Button variant="primary" type="submit" icon={<Save className="h-4 w-4" />} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${row?.name ?? ''}`}
        description="Are you sure you want to delete this resource?"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
