import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlugZap } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../api/errors.js';
import { Button } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { OriginNote } from '../../../ui/forms/OriginNote.js';
import { isUiManaged } from '../../../ui/forms/origin.js';
import { Modal } from '../../../ui/Modal.js';
import { useToasts } from '../../../ui/Toasts.js';
import { connectionQueries, createConnection, updateConnection } from './api.js';
import {
  type ConnectionRow,
  type ConnectionValues,
  createBody,
  fieldValue,
  initialValues,
  patchBody,
  validateConnection,
  withField,
} from './connectionForm.js';
import { CONNECTION_TYPES, type ConnectionField, connectionType } from './connectionTypes.js';
import { TestOutcome, useConnectionTest } from './TestOutcome.js';

const GROUPS = ['Services', 'Notifications', 'Other'] as const;

/** Add or edit a connection: the type's fields with required markers and defaults, secrets never shown. */
export function ConnectionFormModal({
  row,
  readOnly,
  onClose,
}: {
  row?: ConnectionRow;
  readOnly: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState<ConnectionValues>(() => initialValues(row, 'postgres'));
  const [submitted, setSubmitted] = useState(false);
  const client = useQueryClient();
  const toasts = useToasts();
  const test = useConnectionTest();
  const formId = useId();
  const errors = submitted ? validateConnection(values, row) : new Map<string, string>();
  const spec = connectionType(values.type);

  const save = useMutation({
    mutationFn: async () => {
      if (!row) return createConnection(createBody(values));
      const body = patchBody(values, row);
      return Object.keys(body).length ? updateConnection(row.id, body) : undefined;
    },
    onSuccess: async () => {
      toasts.success(`${values.name} ${row ? 'updated' : 'created'} successfully`);
      await client.invalidateQueries({ queryKey: connectionQueries.all });
      onClose();
    },
    onError: (err) => toasts.error(errorMessage(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (validateConnection(values, row).size === 0) save.mutate();
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      title={row ? `Edit connection ${row.name}` : 'Add connection'}
      footer={
        <>
          {row && (
            <Button
              icon={<PlugZap className="h-4 w-4" />}
              onClick={() => test.run(row.id)}
              disabled={test.pending}
              className="mr-auto"
            >
              {test.pending ? 'Testing…' : 'Test'}
            </Button>
          )}
          <Button onClick={onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
          {!readOnly && (
            <Button variant="primary" type="submit" form={formId} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          )}
        </>
      }
    >
      {row && !isUiManaged(row.source) && (
        <div className="mb-3">
          <OriginNote source={row.source} kind="Connection" />
        </div>
      )}
      <form id={formId} onSubmit={submit} noValidate className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <FormField label="Type" required className="md:col-span-2">
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={values.type}
              disabled={!!row || readOnly}
              onChange={(e) =>
                setValues({
                  ...initialValues(undefined, e.target.value),
                  name: values.name,
                  namespace: values.namespace,
                })
              }
            >
              {GROUPS.map((g) => (
                <optgroup key={g} label={g}>
                  {CONNECTION_TYPES.filter((t) => t.group === g && (!t.hidden || t.type === row?.type)).map((t) => (
                    <option key={t.type} value={t.type}>
                      {t.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Name" required error={errors.get('name')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              required
              value={values.name}
              disabled={!!row || readOnly}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => setValues({ ...values, name: e.target.value })}
            />
          )}
        </FormField>
        <FormField label="Namespace">
          {({ id }) => (
            <input
              id={id}
              className={inputClass}
              value={values.namespace}
              placeholder="default"
              disabled={!!row || readOnly}
              onChange={(e) => setValues({ ...values, namespace: e.target.value })}
            />
          )}
        </FormField>
        {spec.fields.map((field) => (
          <ConnectionInput
            key={`${values.type}:${field.key}`}
            field={field}
            value={fieldValue(values, field.key)}
            stored={!!row && (field.key === 'password' || field.key === 'certificate') && row[field.key] !== null}
            error={errors.get(field.key)}
            readOnly={readOnly}
            onChange={(v) => setValues(withField(values, field.key, v))}
          />
        ))}
        {row && (
          <div className="flex flex-col gap-1 md:col-span-2">
            {!readOnly && Object.keys(patchBody(values, row)).length > 0 && (
              <p className="text-xs text-amber-700">Test tries the saved connection: save your changes first.</p>
            )}
            <TestOutcome state={test.state} />
          </div>
        )}
      </form>
    </Modal>
  );
}

function ConnectionInput({
  field,
  value,
  stored,
  error,
  readOnly,
  onChange,
}: {
  field: ConnectionField;
  value: string;
  /** A secret is stored: it stays masked and is kept unless a new one is typed. */
  stored: boolean;
  error?: string;
  readOnly: boolean;
  onChange: (value: string | boolean) => void;
}) {
  const wide = field.kind === 'secretText' || field.key === 'url';
  const help = stored ? 'Stored and hidden: leave empty to keep it' : undefined;
  return (
    <FormField
      label={field.label}
      required={field.required}
      error={error}
      help={help}
      className={wide ? 'md:col-span-2' : undefined}
    >
      {({ id, describedBy, invalid }) => {
        const common = {
          id,
          disabled: readOnly,
          'aria-invalid': invalid,
          'aria-describedby': describedBy,
          required: field.required && !stored,
        };
        if (field.kind === 'boolean') {
          return (
            <input
              {...common}
              type="checkbox"
              className="h-4 w-4"
              checked={value === 'true'}
              onChange={(e) => onChange(e.target.checked)}
            />
          );
        }
        if (field.kind === 'select') {
          return (
            <select {...common} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
              {field.options?.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          );
        }
        if (field.kind === 'secretText') {
          return (
            <textarea
              {...common}
              className={`${inputClass} min-h-20 font-mono text-xs`}
              placeholder={stored ? '********' : field.placeholder}
              value={value}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => onChange(e.target.value)}
            />
          );
        }
        return (
          <input
            {...common}
            className={inputClass}
            type={field.kind === 'secret' ? 'password' : 'text'}
            inputMode={field.kind === 'number' ? 'numeric' : undefined}
            autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
            placeholder={stored ? '********' : field.placeholder}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      }}
    </FormField>
  );
}
