import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../ui/Button.js';
import { FormField, inputClass } from '../../ui/forms/FormField.js';
import {
  type ApplicationDoc,
  type AppSelectorInput,
  SELECTOR_LISTS,
  type SelectorList,
  setSelectorField,
  setSelectors,
  setSpecField,
} from './applicationDoc.js';

const LISTS: Record<SelectorList, { label: string; help: string }> = {
  logins: {
    label: 'Logins',
    help: 'Catalog items whose sign-ins the report lists (a database, an identity provider).',
  },
  datasources: { label: 'Data sources', help: 'Catalog items holding the application’s data: backups and restores.' },
  accessReviews: { label: 'Access reviews', help: 'Catalog items whose access the report reviews.' },
};

/**
 * The Form view of an Application: name, namespace (fixed once saved), type, description and the
 * catalog selectors of its audit. Sections, roles, environments and properties are kept from the
 * YAML view.
 */
export function ApplicationForm({
  doc,
  onChange,
  saved,
  readOnly,
  issues,
}: {
  doc: ApplicationDoc;
  onChange: (doc: ApplicationDoc) => void;
  saved: boolean;
  readOnly: boolean;
  issues: Map<string, string>;
}) {
  const meta = (field: 'name' | 'namespace', value: string) =>
    onChange({ ...doc, metadata: { ...doc.metadata, [field]: value } });
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField label="Name" required error={issues.get('metadata.name')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              value={doc.metadata.name}
              disabled={saved || readOnly}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => meta('name', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Namespace" required>
          {({ id }) => (
            <input
              id={id}
              className={inputClass}
              value={doc.metadata.namespace ?? ''}
              disabled={saved || readOnly}
              onChange={(e) => meta('namespace', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Type" help="What kind of application this is, e.g. Web shop.">
          {({ id, describedBy }) => (
            <input
              id={id}
              className={inputClass}
              value={doc.spec.type ?? ''}
              disabled={readOnly}
              aria-describedby={describedBy}
              onChange={(e) => onChange(setSpecField(doc, 'type', e.target.value))}
            />
          )}
        </FormField>
        <FormField label="Description" className="sm:col-span-2">
          {({ id }) => (
            <textarea
              id={id}
              rows={2}
              className={inputClass}
              value={doc.spec.description ?? ''}
              disabled={readOnly}
              onChange={(e) => onChange(setSpecField(doc, 'description', e.target.value))}
            />
          )}
        </FormField>
      </div>
      {SELECTOR_LISTS.map((list) => (
        <SelectorListField
          key={list}
          list={list}
          selectors={doc.spec.mapping?.[list] ?? []}
          readOnly={readOnly}
          onChange={(next) => onChange(setSelectors(doc, list, next))}
        />
      ))}
      <p className="text-xs text-zinc-500">Sections, roles, environments and properties are edited in the YAML view.</p>
    </div>
  );
}

/** One mapping list: a row per catalog selector (types, name, label selector). */
function SelectorListField({
  list,
  selectors,
  readOnly,
  onChange,
}: {
  list: SelectorList;
  selectors: AppSelectorInput[];
  readOnly: boolean;
  onChange: (selectors: AppSelectorInput[]) => void;
}) {
  const { label, help } = LISTS[list];
  const set = (i: number, field: 'name' | 'types' | 'labelSelector', text: string) =>
    onChange(selectors.map((s, j) => (j === i ? setSelectorField(s, field, text) : s)));
  return (
    <fieldset aria-label={label} className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3">
      <legend className="px-1 text-xs font-medium text-zinc-700">{label}</legend>
      <p className="text-xs text-zinc-500">{help}</p>
      {selectors.map((s, i) => (
        // the inputs keep what is typed (a comma list mid-way); rows remount when one is removed
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a selector has no identity of its own
          key={`${i}/${selectors.length}`}
          className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
        >
          <FormField label={`${label} ${i + 1} types`} help="Comma separated, e.g. SQL::Database">
            {({ id, describedBy }) => (
              <input
                id={id}
                className={inputClass}
                defaultValue={(s.types ?? []).join(', ')}
                disabled={readOnly}
                aria-describedby={describedBy}
                onChange={(e) => set(i, 'types', e.target.value)}
              />
            )}
          </FormField>
          <FormField label={`${label} ${i + 1} name`} help="A name, * matches any text">
            {({ id, describedBy }) => (
              <input
                id={id}
                className={inputClass}
                defaultValue={s.name ?? ''}
                disabled={readOnly}
                aria-describedby={describedBy}
                onChange={(e) => set(i, 'name', e.target.value)}
              />
            )}
          </FormField>
          <FormField label={`${label} ${i + 1} labels`} help="e.g. env=prod">
            {({ id, describedBy }) => (
              <input
                id={id}
                className={inputClass}
                defaultValue={s.labelSelector ?? ''}
                disabled={readOnly}
                aria-describedby={describedBy}
                onChange={(e) => set(i, 'labelSelector', e.target.value)}
              />
            )}
          </FormField>
          {!readOnly && (
            <IconButton
              className="sm:mt-5"
              label={`Remove ${label} ${i + 1}`}
              onClick={() => onChange(selectors.filter((_, j) => j !== i))}
            >
              <Trash2 className="h-4 w-4" />
            </IconButton>
          )}
        </div>
      ))}
      {!readOnly && (
        <div>
          <Button size="sm" icon={<Plus className="h-3.5 w-3.5" />} onClick={() => onChange([...selectors, {}])}>
            Add {label.toLowerCase()} selector
          </Button>
        </div>
      )}
    </fieldset>
  );
}
