import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { IconButton } from '../../../ui/Button.js';
import { FormField, inputClass } from '../../../ui/forms/FormField.js';
import { asObject } from '../../../ui/forms/fieldPath.js';
import { ACTION_COMMON_FIELDS, ACTION_HINTS, ACTION_KINDS, actionType, changeActionType } from './actionKinds.js';
import { SchemaFields, withKey } from './SchemaFields.js';

export interface ActionCardProps {
  action: Record<string, unknown>;
  index: number;
  count: number;
  errors: Map<string, string>;
  readOnly: boolean;
  onChange: (action: Record<string, unknown>) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}

/**
 * One action of the playbook: its name and type, the type's fields (generated from its schema),
 * then when it runs (`if`, delay, timeout, retry, runsOn). Actions run in list order.
 */
export function ActionCard({ action, index, count, errors, readOnly, onChange, onRemove, onMove }: ActionCardProps) {
  const type = actionType(action);
  const kind = ACTION_KINDS.find((k) => k.type === type);
  const path = `spec.actions[${index}]`;
  const title = `Action ${index + 1}`;
  const name = typeof action.name === 'string' ? action.name : '';
  return (
    <fieldset aria-label={title} className="rounded-lg border border-zinc-200 bg-white p-3">
      <div className="mb-2 flex items-center justify-between">
        <legend className="text-sm font-semibold text-zinc-800">
          <span className="mr-2 rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-600">{type ?? '?'}</span>
          {name || <span className="font-normal text-zinc-400">unnamed</span>}
        </legend>
        {!readOnly && (
          <div className="flex gap-1">
            <IconButton label={`Move ${title} up`} onClick={() => onMove(-1)} disabled={index === 0}>
              <ArrowUp className="h-4 w-4" />
            </IconButton>
            <IconButton label={`Move ${title} down`} onClick={() => onMove(1)} disabled={index === count - 1}>
              <ArrowDown className="h-4 w-4" />
            </IconButton>
            <IconButton label={`Remove ${title}`} onClick={onRemove}>
              <Trash2 className="h-4 w-4" />
            </IconButton>
          </div>
        )}
      </div>
      {errors.get(path) && <p className="mb-2 text-xs text-red-600">{errors.get(path)}</p>}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <FormField label="Action name" required error={errors.get(`${path}.name`)}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              value={name}
              required
              disabled={readOnly}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => onChange(withKey(action, 'name', e.target.value))}
            />
          )}
        </FormField>
        <FormField label="Action type" required>
          {({ id }) => (
            <select
              id={id}
              className={inputClass}
              value={type ?? ''}
              disabled={readOnly}
              onChange={(e) => onChange(changeActionType(action, e.target.value))}
            >
              {!type && <option value="">Choose…</option>}
              <optgroup label="Runs on OpsDeck">
                {ACTION_KINDS.filter((k) => !k.unsupported).map((k) => (
                  <option key={k.type} value={k.type}>
                    {k.type}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Not supported yet">
                {ACTION_KINDS.filter((k) => k.unsupported).map((k) => (
                  <option key={k.type} value={k.type}>
                    {k.type}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </FormField>
      </div>
      {kind?.unsupported && (
        <p role="note" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-800">
          {kind.unsupported}: a playbook holding it is refused on save.
        </p>
      )}
      {kind && !kind.unsupported && type && (
        <section aria-label={`${type} fields`} className="mt-3">
          {errors.get(`${path}.${type}`) && (
            <p className="mb-1 text-xs text-red-600">{errors.get(`${path}.${type}`)}</p>
          )}
          <SchemaFields
            fields={kind.fields}
            value={asObject(action[type])}
            onChange={(v) => onChange({ ...action, [type]: v })}
            path={`${path}.${type}`}
            errors={errors}
            readOnly={readOnly}
            hints={ACTION_HINTS}
            hintPath={type}
          />
        </section>
      )}
      <details className="mt-3" open={ACTION_COMMON_FIELDS.some((f) => action[f.key] !== undefined)}>
        <summary className="cursor-pointer text-xs font-medium text-zinc-600">When and where it runs</summary>
        <div className="mt-2">
          <SchemaFields
            fields={ACTION_COMMON_FIELDS}
            value={withoutType(action)}
            onChange={(v) => onChange(mergeCommon(action, v))}
            path={path}
            errors={errors}
            readOnly={readOnly}
            hints={ACTION_HINTS}
          />
        </div>
      </details>
    </fieldset>
  );
}

/** `action` with its common keys replaced by `common`'s, in the order they were. */
function mergeCommon(action: Record<string, unknown>, common: Record<string, unknown>): Record<string, unknown> {
  const kept = (k: string) => k === 'name' || ACTION_KINDS.some((kind) => kind.type === k && !kind.unsupported);
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(action)) {
    if (kept(k)) next[k] = v;
    else if (k in common) next[k] = common[k];
  }
  for (const [k, v] of Object.entries(common)) if (!(k in next)) next[k] = v;
  return next;
}

/** The action's own keys without its name and type fields (the common ones and any unknown). */
function withoutType(action: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(action)) {
    if (k === 'name' || ACTION_KINDS.some((kind) => kind.type === k && !kind.unsupported)) continue;
    out[k] = v;
  }
  return out;
}
