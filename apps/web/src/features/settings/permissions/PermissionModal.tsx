import { GLOBAL_OBJECTS, RESOURCE_KINDS, SUBJECT_KINDS, type SubjectKind } from '@opsdeck/schema/permissions';
import { CircleHelp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PERMISSIONS_DOCS_URL } from '../../../app/links.js';
import { Button } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import type { PermissionInput } from './api.js';
import { EntityPicker } from './EntityPicker.js';
import {
  FORM_RESOURCE_KINDS,
  formActions,
  formErrors,
  type PermissionForm,
  toInput,
  withResource,
  withResourceKind,
  withSelectorKind,
  withSubjectKind,
} from './permissionForm.js';
import { SelectorFieldsEditor } from './SelectorFieldsEditor.js';

const ACTION_LABELS: Record<string, string> = {
  read: 'Read',
  update: 'Update',
  create: 'Create',
  delete: 'Delete',
  '*': 'All (*)',
  'create,read,update,delete': 'Create, read, update, delete',
  'playbook:run': 'Run playbook',
  'playbook:approve': 'Approve playbook',
};

/** Radio buttons choosing a kind (Team / Person / Notification, or a resource kind). */
function KindChoice<K extends string>({
  legend,
  kinds,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  kinds: readonly K[];
  value: K;
  onChange: (k: K) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-wrap gap-3" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      {kinds.map((k) => (
        <label key={k} className="flex items-center gap-1.5 text-sm text-zinc-700">
          <input type="radio" name={legend} checked={value === k} onChange={() => onChange(k)} />
          {k}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * 'Add Permission' (no id) or 'Edit Permission': subject, resource, action, deny, until and a
 * description. Changing a kind clears the ids of the other kinds (permissionForm.ts).
 */
export function PermissionModal({
  mode,
  initial,
  fixedResource,
  busy,
  onSubmit,
  onDelete,
  onClose,
}: {
  mode: 'add' | 'edit';
  initial: PermissionForm;
  /** On a resource's permission tab the resource is given and not chosen. */
  fixedResource?: boolean;
  busy: boolean;
  onSubmit: (input: PermissionInput) => void;
  onDelete?: () => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState(false);
  const formId = useId();
  const errors = touched ? formErrors(form) : {};
  const subjectColumn = SUBJECT_KINDS[form.subjectKind];
  const resourceColumn = form.resourceKind === 'Selector' ? undefined : RESOURCE_KINDS[form.resourceKind];
  const actions = formActions(form);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(formErrors(form)).length) return;
    onSubmit(toInput(form));
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      title={mode === 'add' ? 'Add Permission' : 'Edit Permission'}
      footer={
        <>
          {onDelete && (
            <Button variant="danger" onClick={onDelete} disabled={busy} className="mr-auto">
              Delete
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <a
          href={PERMISSIONS_DOCS_URL}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 self-start text-xs text-indigo-700 hover:underline"
        >
          <CircleHelp aria-hidden className="h-3.5 w-3.5" />
          How permissions work
        </a>
        <div className="flex flex-col gap-2">
          <span className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Subject</span>
          <KindChoice
            legend="Subject kind"
            kinds={Object.keys(SUBJECT_KINDS) as SubjectKind[]}
            value={form.subjectKind}
            onChange={(k) => setForm((f) => withSubjectKind(f, k))}
          />
          <FormField label={form.subjectKind} required error={errors.subject}>
            {({ id, describedBy, invalid }) => (
              <EntityPicker
                key={form.subjectKind}
                kind={form.subjectKind}
                id={id}
                describedBy={describedBy}
                invalid={invalid}
                value={form.subject[subjectColumn]}
                onChange={(v) => setForm((f) => ({ ...f, subject: { [subjectColumn]: v } }))}
              />
            )}
          </FormField>
        </div>
        {!fixedResource && (
          <div className="flex flex-col gap-2">
            <span className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Resource</span>
            <KindChoice
              legend="Resource kind"
              kinds={FORM_RESOURCE_KINDS}
              value={form.resourceKind}
              onChange={(k) => setForm((f) => withResourceKind(f, k))}
            />
            {form.resourceKind === 'Selector' ? (
              <SelectorFieldsEditor
                value={form.selector}
                error={errors.resource}
                onKind={(k) => setForm((f) => withSelectorKind(f, k))}
                onChange={(patch) => setForm((f) => ({ ...f, selector: { ...f.selector, ...patch } }))}
              />
            ) : (
              <FormField
                label={form.resourceKind === 'Global' ? 'Object' : form.resourceKind}
                required
                error={errors.resource}
              >
                {({ id, describedBy, invalid }) =>
                  form.resourceKind === 'Global' ? (
                    <select
                      id={id}
                      className={inputClass}
                      aria-describedby={describedBy}
                      aria-invalid={invalid || undefined}
                      value={form.resource.object ?? ''}
                      onChange={(e) => setForm((f) => withResource(f, e.target.value))}
                    >
                      <option value="">Select an object</option>
                      {GLOBAL_OBJECTS.map((o) => (
                        <option key={o} value={o}>
                          {o}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <EntityPicker
                      key={form.resourceKind}
                      kind={form.resourceKind as Exclude<typeof form.resourceKind, 'Selector' | 'Global'>}
                      id={id}
                      describedBy={describedBy}
                      invalid={invalid}
                      value={resourceColumn ? form.resource[resourceColumn] : undefined}
                      onChange={(v) => setForm((f) => withResource(f, v))}
                    />
                  )
                }
              </FormField>
            )}
          </div>
        )}
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Action" required error={errors.action}>
            {({ id, describedBy }) => (
              <select
                id={id}
                className={inputClass}
                aria-describedby={describedBy}
                value={form.action}
                onChange={(e) => setForm((f) => ({ ...f, action: e.target.value }))}
              >
                {actions.map((a) => (
                  <option key={a} value={a}>
                    {ACTION_LABELS[a] ?? a}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Until" help="Leave empty for no end">
            {({ id, describedBy }) => (
              <input
                id={id}
                type="datetime-local"
                className={inputClass}
                aria-describedby={describedBy}
                value={form.until}
                onChange={(e) => setForm((f) => ({ ...f, until: e.target.value }))}
              />
            )}
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input
            type="checkbox"
            checked={form.deny}
            onChange={(e) => setForm((f) => ({ ...f, deny: e.target.checked }))}
          />
          Deny (a denial wins over every role and allow)
        </label>
        <FormField label="Description">
          {({ id }) => (
            <textarea
              id={id}
              rows={2}
              className={inputClass}
              value={form.description}
              onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            />
          )}
        </FormField>
      </form>
    </Modal>
  );
}
