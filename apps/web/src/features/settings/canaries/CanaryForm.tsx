import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { LabelsInput } from '../../../ui/forms/LabelsInput.js';
import { SCHEDULE_PRESETS } from '../../../ui/forms/schedulePresets.js';
import { CheckCard } from './CheckCard.js';
import { addCheck, type CanaryDoc, docChecks, removeCheck, setCheckField } from './canaryDoc.js';
import { CHECK_FORMS, type CheckForm, checkFieldErrors, formUnrunnable } from './checkForms.js';

export interface CanaryFormProps {
  doc: CanaryDoc;
  onChange: (doc: CanaryDoc) => void;
  /** Name and namespace are disabled once the canary is saved. */
  saved: boolean;
  readOnly: boolean;
  /** Show the messages (after the first Save attempt). */
  showErrors: boolean;
  /** The shared schema's messages by path (`spec.http[0].url`). */
  issues: Map<string, string>;
  /** Opens the YAML view (the `custom` check type is written there). */
  onEditYaml: () => void;
}

const CUSTOM = '__custom__';

/** The form builder: name, namespace, labels, schedule and one card per check, editing the same document as the YAML view. */
export function CanaryForm({ doc, onChange, saved, readOnly, showErrors, issues, onEditYaml }: CanaryFormProps) {
  const [newType, setNewType] = useState('http');
  const schedule = typeof doc.spec.schedule === 'string' ? doc.spec.schedule : '';
  const [customSchedule, setCustomSchedule] = useState(
    schedule !== '' && !(SCHEDULE_PRESETS as readonly string[]).includes(schedule),
  );
  const err = (path: string, required?: boolean, value?: unknown) => {
    if (!showErrors) return undefined;
    if (required && (value === undefined || value === '')) return 'This field is required';
    return issues.get(path);
  };
  const setMeta = (key: 'name' | 'namespace', value: string) =>
    onChange({ ...doc, metadata: { ...doc.metadata, [key]: value } });
  const setSpec = (key: string, value: unknown) => {
    const spec = { ...doc.spec };
    if (value === undefined || value === '') delete spec[key];
    else spec[key] = value;
    onChange({ ...doc, spec });
  };
  const checks = docChecks(doc);

  return (
    <div className="flex flex-col gap-4">
      <section className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="Health check">
        <FormField label="Name" required error={err('metadata.name', true, doc.metadata.name)}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              required
              value={doc.metadata.name ?? ''}
              disabled={saved || readOnly}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => setMeta('name', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Namespace" error={err('metadata.namespace')}>
          {({ id }) => (
            <input
              id={id}
              className={inputClass}
              value={doc.metadata.namespace ?? ''}
              placeholder="default"
              disabled={saved || readOnly}
              onChange={(e) => setMeta('namespace', e.target.value)}
            />
          )}
        </FormField>
        {/* the default's explanation only while no schedule is chosen */}
        <FormField
          label="Schedule"
          error={err('spec.schedule')}
          help={schedule ? undefined : 'Runs every minute when empty'}
        >
          {({ id, describedBy, invalid }) => (
            <div className="flex gap-2">
              <select
                id={id}
                className={inputClass}
                disabled={readOnly}
                aria-describedby={describedBy}
                value={customSchedule ? CUSTOM : schedule}
                onChange={(e) => {
                  const custom = e.target.value === CUSTOM;
                  setCustomSchedule(custom);
                  if (!custom) setSpec('schedule', e.target.value);
                }}
              >
                <option value="">(default)</option>
                {SCHEDULE_PRESETS.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
                <option value={CUSTOM}>Custom…</option>
              </select>
              {customSchedule && (
                <input
                  aria-label="Custom schedule"
                  className={inputClass}
                  placeholder="*/15 * * * *"
                  value={schedule}
                  disabled={readOnly}
                  aria-invalid={invalid}
                  onChange={(e) => setSpec('schedule', e.target.value)}
                />
              )}
            </div>
          )}
        </FormField>
        <LabelsInput
          value={doc.metadata.labels}
          readOnly={readOnly}
          onChange={(labels) => {
            const metadata = { ...doc.metadata };
            if (labels) metadata.labels = labels;
            else delete metadata.labels;
            onChange({ ...doc, metadata });
          }}
        />
      </section>

      <section className="flex flex-col gap-3" aria-label="Checks">
        <h3 className="text-sm font-semibold text-zinc-800">Checks</h3>
        {checks.length === 0 && (
          <p className="rounded-md border border-dashed border-zinc-300 p-4 text-center text-sm text-zinc-500">
            No checks yet{readOnly ? '.' : ': add one below.'}
            {showErrors && !readOnly && <span className="mt-1 block text-xs text-red-600">{NO_CHECKS_MESSAGE}</span>}
          </p>
        )}
        {showErrors && issues.get('spec') && <p className="text-xs text-red-600">{issues.get('spec')}</p>}
        {checks.map(({ type, index, check }) => {
          const formErrors = checkFieldErrors(type, check);
          const errors = new Map<string, string>();
          if (showErrors) {
            const prefix = `spec.${type}[${index}]`;
            for (const [path, message] of issues) {
              if (path === prefix || path === `spec.${type}`) errors.set('type', message);
              else if (path.startsWith(`${prefix}.`)) {
                // by the top-level key and by the dotted one (`checkout.url`) a nested field edits
                const rest = path.slice(prefix.length + 1);
                errors.set(rest.split(/[.[]/)[0] ?? '', message);
                errors.set(rest.replace(/\[\d+\]/g, ''), message);
              }
            }
            for (const [key, message] of formErrors) errors.set(key, message);
          }
          return (
            <CheckCard
              key={`${type}-${index}`}
              type={type}
              index={index}
              check={check}
              errors={errors}
              readOnly={readOnly}
              onField={(field, value) => {
                let next = setCheckField(doc, type, index, field, value);
                // a body only goes with POST and PUT
                if (field === 'method' && value !== 'POST' && value !== 'PUT') {
                  next = setCheckField(next, type, index, 'body', undefined);
                }
                onChange(next);
              }}
              onRemove={() => onChange(removeCheck(doc, type, index))}
            />
          );
        })}
        {!readOnly && (
          <div className="flex items-end gap-2">
            <FormField label="Check type" className="w-56">
              {({ id }) => (
                <select id={id} className={inputClass} value={newType} onChange={(e) => setNewType(e.target.value)}>
                  <optgroup label="Runs on OpsDeck">
                    {CHECK_FORMS.map((f) =>
                      formUnrunnable(f) ? null : (
                        <option key={f.label} value={optionValue(f)}>
                          {f.label}
                        </option>
                      ),
                    )}
                  </optgroup>
                  <optgroup label="canary-checker types OpsDeck cannot run">
                    {CHECK_FORMS.map((f) =>
                      formUnrunnable(f) ? (
                        <option key={f.label} value={optionValue(f)}>
                          {f.label}
                        </option>
                      ) : null,
                    )}
                  </optgroup>
                </select>
              )}
            </FormField>
            <Button
              icon={<Plus className="h-4 w-4" />}
              onClick={() => {
                const form = CHECK_FORMS.find((f) => optionValue(f) === newType);
                if (!form?.type)
                  onEditYaml(); // custom: any check type, written in YAML
                else onChange(addCheck(doc, form.type, form.defaults));
              }}
            >
              Add check
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

/** The picker's value for a form: its spec list, `custom` for the YAML-only entry. */
function optionValue(form: CheckForm): string {
  return form.type || 'custom';
}

/** Shown when a canary has no check to run. */
export const NO_CHECKS_MESSAGE = 'Add at least one check';

/** True when the form rules find a problem the schema would word less plainly (or not at all: no checks). */
export function formHasErrors(doc: CanaryDoc): boolean {
  if (!doc.metadata.name) return true;
  if (docChecks(doc).length === 0) return true;
  return docChecks(doc).some(({ type, check }) => checkFieldErrors(type, check).size > 0);
}
