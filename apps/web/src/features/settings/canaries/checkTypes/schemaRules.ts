import { checkSchemas } from '@opsdeck/schema';
import { setField } from '../../../../ui/forms/fieldPath.js';
import type { CheckField, CheckForm } from './types.js';

/** A probe value for a field: its example, else its placeholder, else the first option. */
function sample(field: CheckField): unknown {
  if (field.example !== undefined) return field.example;
  if (field.kind === 'number') return field.placeholder === undefined ? 1 : Number(field.placeholder);
  if (field.kind === 'boolean') return true;
  return field.placeholder ?? field.options?.[0];
}

/** Top-level keys the schema complains about in `probe` while they are unset. */
function missingKeys(type: string, probe: Record<string, unknown>): string[] {
  const parsed = checkSchemas[type]?.safeParse(probe);
  if (!parsed || parsed.success) return [];
  const keys = new Set<string>();
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && probe[key] === undefined) keys.add(key);
  }
  return [...keys];
}

/**
 * The required fields of a form member, read from the shared check schema rather than declared:
 * a check with only a name is parsed, each key the schema asks for is required and filled with its
 * field's sample, until the schema is satisfied (refinements such as "url or connection" only run
 * once the plain required keys are set). A key is another's stand-in when setting it instead makes
 * the complaint go away. Types the schema does not know keep their declared rules.
 */
export function withSchemaRules(form: CheckForm): CheckForm {
  if (!checkSchemas[form.type]) return form;
  const byKey = new Map(form.fields.map((f) => [f.key, f]));
  const probe: Record<string, unknown> = { name: 'probe' };
  const required: string[] = [];
  for (let round = 0; round < 10; round++) {
    const missing = missingKeys(form.type, probe).filter((k) => k !== 'name');
    if (!missing.length) break;
    for (const key of missing) {
      const field = byKey.get(key);
      if (!field) throw new Error(`${form.type}: the schema requires '${key}' but the form has no such field`);
      required.push(key);
      probe[key] = sample(field);
    }
  }
  const fields = form.fields.map((field) => {
    if (!required.includes(field.key)) return { ...field, required: false };
    const orKeys = form.fields
      .filter((other) => other.key !== field.key && !required.includes(other.key))
      .filter((other) => {
        const alt: Record<string, unknown> = structuredClone(probe);
        setField(alt, other.key, sample(other));
        delete alt[field.key];
        return !missingKeys(form.type, alt).includes(field.key);
      })
      .map((other) => other.key);
    return { ...field, required: true, ...(orKeys.length ? { orKeys } : {}) };
  });
  return { ...form, fields };
}

/** A check filled with every field's sample value (for tests and previews). */
export function sampleCheck(form: CheckForm, only: 'required' | 'all' = 'required'): Record<string, unknown> {
  const check: Record<string, unknown> = { name: 'sample', ...form.defaults };
  for (const field of form.fields) {
    if (only === 'all' || field.required) setField(check, field.key, sample(field));
  }
  return check;
}
