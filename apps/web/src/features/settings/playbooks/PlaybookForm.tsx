import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { FormSection } from '../../../ui/forms/FormSection.js';
import { asObject } from '../../../ui/forms/fieldPath.js';
import { ActionCard } from './ActionCard.js';
import { ApprovalSection } from './ApprovalSection.js';
import { ACTION_KINDS, changeActionType } from './actionKinds.js';
import { ParameterCard } from './ParameterCard.js';
import { type PlaybookDoc, specList, withSpec } from './playbookDoc.js';
import { SchemaFields } from './SchemaFields.js';
import { groupFields, SPEC_FIELDS, SPEC_GROUPS, SPEC_HINTS } from './specSections.js';

export interface PlaybookFormProps {
  doc: PlaybookDoc;
  onChange: (doc: PlaybookDoc) => void;
  /** Name and namespace are fixed once the playbook is saved. */
  saved: boolean;
  readOnly: boolean;
  /** The shared schema's messages by path (`spec.actions[0].http.url`), shown after the first Save. */
  errors: Map<string, string>;
}

const TRIGGER_FIELDS = (() => {
  const on = SPEC_FIELDS.find((f) => f.key === 'on')?.node;
  return on?.kind === 'object' ? on.fields : [];
})();

/** A list's copy with item `i` moved by one place. */
function moved<T>(list: T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j] as T, next[i] as T];
  return next;
}

/**
 * The playbook builder: name and the spec's fields by section (general, what it applies to,
 * parameters, actions, approval, triggers), editing the same document as the YAML view.
 */
export function PlaybookForm({ doc, onChange, saved, readOnly, errors }: PlaybookFormProps) {
  const [newType, setNewType] = useState('http');
  const spec = doc.spec;
  const params = specList(doc, 'parameters');
  const actions = specList(doc, 'actions');
  const setMeta = (key: 'name' | 'namespace', value: string) =>
    onChange({ ...doc, metadata: { ...doc.metadata, [key]: value } });
  const more = groupFields('more');

  return (
    <div className="flex flex-col gap-6">
      <FormSection title="General">
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <FormField label="Name" required error={errors.get('metadata.name')}>
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
          <FormField label="Namespace" error={errors.get('metadata.namespace')}>
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
        </div>
        <SpecFields doc={doc} keys={SPEC_GROUPS[0]?.keys ?? []} {...{ onChange, errors, readOnly }} />
      </FormSection>
      {SPEC_GROUPS.slice(1).map((g) => (
        <FormSection key={g.title} title={g.title}>
          <SpecFields doc={doc} keys={g.keys} {...{ onChange, errors, readOnly }} />
        </FormSection>
      ))}

      <FormSection
        title="Parameters"
        action={
          !readOnly && (
            <Button
              icon={<Plus className="h-4 w-4" />}
              onClick={() => onChange(withSpec(doc, 'parameters', [...params, { name: '', type: 'text' }]))}
            >
              Add parameter
            </Button>
          )
        }
      >
        {params.length === 0 && <p className="text-xs text-zinc-500">No parameters: runs ask for nothing.</p>}
        {params.map((p, i) => (
          <ParameterCard
            // biome-ignore lint/suspicious/noArrayIndexKey: parameters are edited in place; the name changes as typed
            key={i}
            param={p}
            index={i}
            count={params.length}
            errors={errors}
            readOnly={readOnly}
            onChange={(next) =>
              onChange(
                withSpec(
                  doc,
                  'parameters',
                  params.map((q, j) => (j === i ? next : q)),
                ),
              )
            }
            onRemove={() =>
              onChange(
                withSpec(
                  doc,
                  'parameters',
                  params.filter((_, j) => j !== i),
                ),
              )
            }
            onMove={(by) => onChange(withSpec(doc, 'parameters', moved(params, i, by)))}
          />
        ))}
      </FormSection>

      <FormSection title="Actions">
        {errors.get('spec.actions') && <p className="text-xs text-red-600">{errors.get('spec.actions')}</p>}
        {actions.map((a, i) => (
          <ActionCard
            // biome-ignore lint/suspicious/noArrayIndexKey: actions are edited in place; the name changes as typed
            key={i}
            action={a}
            index={i}
            count={actions.length}
            errors={errors}
            readOnly={readOnly}
            onChange={(next) =>
              onChange(
                withSpec(
                  doc,
                  'actions',
                  actions.map((q, j) => (j === i ? next : q)),
                ),
              )
            }
            onRemove={() =>
              onChange(
                withSpec(
                  doc,
                  'actions',
                  actions.filter((_, j) => j !== i),
                ),
              )
            }
            onMove={(by) => onChange(withSpec(doc, 'actions', moved(actions, i, by)))}
          />
        ))}
        {!readOnly && (
          <div className="flex items-end gap-2">
            <FormField label="New action type" className="w-56">
              {({ id }) => (
                <select id={id} className={inputClass} value={newType} onChange={(e) => setNewType(e.target.value)}>
                  {ACTION_KINDS.filter((k) => !k.unsupported).map((k) => (
                    <option key={k.type} value={k.type}>
                      {k.type}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <Button
              icon={<Plus className="h-4 w-4" />}
              onClick={() =>
                onChange(
                  withSpec(doc, 'actions', [
                    ...actions,
                    changeActionType({ name: `${newType}-${actions.length + 1}` }, newType),
                  ]),
                )
              }
            >
              Add action
            </Button>
          </div>
        )}
      </FormSection>

      <ApprovalSection doc={doc} onChange={onChange} errors={errors} readOnly={readOnly} />

      <FormSection title="Triggers">
        <SchemaFields
          fields={TRIGGER_FIELDS}
          value={asObject(spec.on)}
          onChange={(v) => onChange(withSpec(doc, 'on', v))}
          path="spec.on"
          errors={errors}
          readOnly={readOnly}
          hints={SPEC_HINTS}
          hintPath="on"
        />
      </FormSection>

      {more.some((f) => spec[f.key] !== undefined) && (
        <FormSection title="More">
          <SpecFields doc={doc} keys={more.map((f) => f.key)} {...{ onChange, errors, readOnly }} />
        </FormSection>
      )}
    </div>
  );
}

/** Some of the spec's plain fields; the others (and unknown keys) are left as they are. */
function SpecFields({
  doc,
  keys,
  onChange,
  errors,
  readOnly,
}: {
  doc: PlaybookDoc;
  keys: readonly string[];
  onChange: (doc: PlaybookDoc) => void;
  errors: Map<string, string>;
  readOnly: boolean;
}) {
  const fields = groupFields(keys);
  const value = Object.fromEntries(Object.entries(doc.spec).filter(([k]) => keys.includes(k)));
  return (
    <SchemaFields
      fields={fields}
      value={value}
      onChange={(v) => {
        let next = doc;
        for (const k of keys) next = withSpec(next, k, v[k]);
        onChange(next);
      }}
      path="spec"
      errors={errors}
      readOnly={readOnly}
      hints={SPEC_HINTS}
    />
  );
}
