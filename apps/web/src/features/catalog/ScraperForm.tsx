import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button.js';
import { FormField, inputClass } from '../../ui/forms/FormField.js';
import { getField, setField } from '../../ui/forms/fieldPath.js';
import { SCHEDULE_PRESETS } from '../../ui/forms/schedulePresets.js';
import {
  SCRAPER_FORMS,
  type ScraperField,
  type ScraperForm as ScraperFormDef,
  scraperFieldErrors,
  unsupportedScraperTypes,
} from './scraperForms.js';

/** The whole ScrapeConfig document the form edits (the same object the YAML view shows). */
export type ScraperDocument = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const REFUSED = unsupportedScraperTypes();

/** Scrapers of the supported lists whose required fields are empty (the form blocks Save on them). */
export function scraperFormHasErrors(doc: ScraperDocument): boolean {
  const spec = isObject(doc.spec) ? doc.spec : {};
  return SCRAPER_FORMS.some((form) => {
    const list = spec[form.type];
    return Array.isArray(list) && list.some((s) => isObject(s) && scraperFieldErrors(form.type, s).size > 0);
  });
}

/** The scraper form builder: metadata, schedule and one card per scraper. */
export function ScraperForm({
  doc,
  onChange,
  saved,
  readOnly,
  showErrors,
}: {
  doc: ScraperDocument;
  onChange: (doc: ScraperDocument) => void;
  saved: boolean;
  readOnly: boolean;
  showErrors: boolean;
}) {
  const [adding, setAdding] = useState(SCRAPER_FORMS[0]?.type ?? 'file');
  const spec = isObject(doc.spec) ? doc.spec : {};
  const update = (key: string, value: unknown) => {
    const next = structuredClone(doc);
    setField(next, key, value);
    onChange(next);
  };
  const setScrapers = (type: string, list: Record<string, unknown>[]) =>
    update(`spec.${type}`, list.length ? list : undefined);
  const present = Object.keys(spec).filter((k) => REFUSED.some((r) => r.type === k));

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <TextField
          label="Name"
          required
          value={getField(doc, 'metadata.name')}
          disabled={saved || readOnly}
          onChange={(v) => update('metadata.name', v)}
          error={showErrors && !getField(doc, 'metadata.name') ? 'This field is required' : undefined}
        />
        <TextField
          label="Namespace"
          value={getField(doc, 'metadata.namespace')}
          disabled={saved || readOnly}
          onChange={(v) => update('metadata.namespace', v)}
        />
        <FormField label="Schedule" help="Default @every 60m">
          {({ id, describedBy }) => (
            <>
              <input
                id={id}
                aria-describedby={describedBy}
                list={`${id}-presets`}
                className={inputClass}
                disabled={readOnly}
                value={String(spec.schedule ?? '')}
                placeholder="@every 60m"
                onChange={(e) => update('spec.schedule', e.target.value)}
              />
              <datalist id={`${id}-presets`}>
                {SCHEDULE_PRESETS.map((p) => (
                  <option key={p} value={p} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
      </div>

      {SCRAPER_FORMS.map((form) => {
        const list = Array.isArray(spec[form.type]) ? (spec[form.type] as Record<string, unknown>[]) : [];
        return list.map((scraper, index) => (
          <ScraperCard
            // biome-ignore lint/suspicious/noArrayIndexKey: scrapers have no stable id of their own
            key={`${form.type}-${index}`}
            form={form}
            scraper={isObject(scraper) ? scraper : {}}
            readOnly={readOnly}
            showErrors={showErrors}
            onChange={(s) =>
              setScrapers(
                form.type,
                list.map((o, i) => (i === index ? s : o)),
              )
            }
            onRemove={() =>
              setScrapers(
                form.type,
                list.filter((_, i) => i !== index),
              )
            }
          />
        ));
      })}

      {!readOnly && (
        <div className="flex items-end gap-2">
          <FormField label="Scraper type">
            {({ id }) => (
              <select id={id} className={inputClass} value={adding} onChange={(e) => setAdding(e.target.value)}>
                {SCRAPER_FORMS.map((f) => (
                  <option key={f.type} value={f.type}>
                    {f.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button
            icon={<Plus className="h-3.5 w-3.5" />}
            onClick={() => {
              const form = SCRAPER_FORMS.find((f) => f.type === adding);
              const list = Array.isArray(spec[adding]) ? (spec[adding] as Record<string, unknown>[]) : [];
              if (form) setScrapers(adding, [...list, structuredClone(form.defaults)]);
            }}
          >
            Add scraper
          </Button>
        </div>
      )}

      {present.length > 0 && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          This spec uses {present.join(', ')}, which OpsDeck refuses; edit or remove it in YAML.
        </p>
      )}
      <details className="text-xs text-zinc-600">
        <summary className="cursor-pointer">Scraper types not supported ({REFUSED.length})</summary>
        <ul aria-label="Unsupported scraper types" className="mt-1 list-disc pl-5">
          {REFUSED.map((r) => (
            <li key={r.type}>
              <code className="font-mono">{r.type}</code>: {r.reason}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function ScraperCard({
  form,
  scraper,
  readOnly,
  showErrors,
  onChange,
  onRemove,
}: {
  form: ScraperFormDef;
  scraper: Record<string, unknown>;
  readOnly: boolean;
  showErrors: boolean;
  onChange: (s: Record<string, unknown>) => void;
  onRemove: () => void;
}) {
  const errors = showErrors ? scraperFieldErrors(form.type, scraper) : new Map<string, string>();
  const set = (key: string, value: unknown) => {
    const next = structuredClone(scraper);
    setField(next, key, value);
    onChange(next);
  };
  return (
    <section aria-label={`${form.label} scraper`} className="rounded-md border border-zinc-200 bg-white p-3">
      <div className="mb-2 flex items-center justify-between">
        <h3 className="text-sm font-semibold text-zinc-800">{form.label}</h3>
        {!readOnly && (
          <Button size="sm" variant="ghost" icon={<Trash2 className="h-3.5 w-3.5" />} onClick={onRemove}>
            Remove
          </Button>
        )}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {form.fields.map((field) => (
          <FieldInput
            key={field.key}
            field={field}
            value={getField(scraper, field.key)}
            readOnly={readOnly}
            error={errors.get(field.key)}
            onChange={(v) => set(field.key, v)}
          />
        ))}
      </div>
    </section>
  );
}

function FieldInput({
  field,
  value,
  readOnly,
  error,
  onChange,
}: {
  field: ScraperField;
  value: unknown;
  readOnly: boolean;
  error?: string;
  onChange: (v: unknown) => void;
}) {
  const help = field.orKeys?.length
    ? `${field.help ? `${field.help}; ` : ''}or set ${field.orKeys.join(', ')}`
    : field.help;
  const wide = field.kind === 'textarea' || field.kind === 'list';
  return (
    <FormField
      label={field.label}
      required={field.required}
      error={error}
      help={help}
      className={wide ? 'sm:col-span-2' : undefined}
    >
      {({ id, describedBy, invalid }) => {
        const common = {
          id,
          'aria-describedby': describedBy,
          'aria-invalid': invalid || undefined,
          disabled: readOnly,
        };
        switch (field.kind) {
          case 'boolean':
            return (
              <input
                type="checkbox"
                {...common}
                checked={value === true}
                onChange={(e) => onChange(e.target.checked || undefined)}
                className="h-4 w-4"
              />
            );
          case 'select':
            return (
              <select
                {...common}
                className={inputClass}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => onChange(e.target.value)}
              >
                <option value="">(default)</option>
                {field.options?.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            );
          case 'number':
            return (
              <input
                type="number"
                {...common}
                className={inputClass}
                placeholder={field.placeholder}
                value={typeof value === 'number' ? value : ''}
                onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
              />
            );
          case 'list':
            return <ListInput {...common} placeholder={field.placeholder} value={value} onChange={onChange} />;
          case 'textarea':
            return (
              <textarea
                {...common}
                rows={4}
                className={`${inputClass} font-mono`}
                placeholder={field.placeholder}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => onChange(e.target.value)}
              />
            );
          default:
            return (
              <input
                {...common}
                className={inputClass}
                placeholder={field.placeholder}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => onChange(e.target.value)}
              />
            );
        }
      }}
    </FormField>
  );
}

/** One value per line; the text is kept as typed so an Enter at the end is not swallowed. */
function ListInput({
  value,
  onChange,
  ...rest
}: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  placeholder?: string;
  disabled: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const [text, setText] = useState(() => (Array.isArray(value) ? value.map(String).join('\n') : ''));
  return (
    <textarea
      {...rest}
      rows={3}
      className={`${inputClass} font-mono`}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const lines = e.target.value
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        onChange(lines.length ? lines : undefined);
      }}
    />
  );
}

function TextField({
  label,
  value,
  onChange,
  required,
  disabled,
  error,
}: {
  label: string;
  value: unknown;
  onChange: (v: string) => void;
  required?: boolean;
  disabled: boolean;
  error?: string;
}) {
  return (
    <FormField label={label} required={required} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClass}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
