import type { ScrapeTransform } from '@opsdeck/schema';
import { evaluateCel, evaluateJavaScript, renderTemplate } from '../../expr/index.js';
import { parseOutput } from '../scrapers/lib/output.js';

/**
 * transform.expr (CEL), transform.gotemplate and transform.javascript: a script over each config
 * a document splits into (`config`, and `source`; JavaScript also sees `result`, the scrape
 * result as config-db passes it) that answers the results to keep, replacing the config. The
 * answer is a list (or one value; null or empty: nothing). An element with a `config` key is a
 * result: its `id`/`external_id`, `name`, `type`/`config_type`, `class`/`config_class`,
 * `status`, `health`, `description`, `labels` and `tags` win over the scraper's fields (which
 * still apply to the result's config), and its `changes` are reported for the item. Any other
 * element is a config. A template's text, and JavaScript's last value when it is text (config-db's
 * scripts end with `JSON.stringify(...)`), is read as JSON, else YAML. JavaScript runs in the one
 * QuickJS sandbox (expr/javascript.ts), with its time and memory limits.
 */

/** Attributes a result sets itself, over what the scraper's fields extract. */
export interface ResultAttributes {
  id?: string;
  name?: string;
  type?: string;
  class?: string;
  status?: string;
  health?: string;
  description?: string;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
}

export interface TransformedConfig {
  config: unknown;
  attributes: ResultAttributes;
  /** A result's `changes` entries, as written (they default to the item they come with). */
  changes: unknown;
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
const strings = (v: unknown): Record<string, string> | undefined =>
  isDict(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : undefined;

function resultOf(v: unknown): TransformedConfig {
  if (!isDict(v) || !('config' in v)) return { config: v, attributes: {}, changes: undefined };
  const attributes: ResultAttributes = {
    id: str(v.external_id) ?? str(v.id),
    name: str(v.name),
    type: str(v.config_type) ?? str(v.type),
    class: str(v.config_class) ?? str(v.class),
    status: str(v.status),
    health: str(v.health),
    description: str(v.description),
    labels: strings(v.labels),
    tags: strings(v.tags),
  };
  for (const k of Object.keys(attributes) as Array<keyof ResultAttributes>) {
    if (attributes[k] === undefined) delete attributes[k];
  }
  return { config: v.config, attributes, changes: v.changes };
}

/** True when the transform has a script to run. */
export function hasScript(t: ScrapeTransform | undefined): boolean {
  return !!(t?.expr || t?.gotemplate || t?.javascript);
}

/** The language of the transform's script, as its field is named. */
export function scriptLanguage(t: ScrapeTransform): 'expr' | 'gotemplate' | 'javascript' {
  return t.expr ? 'expr' : t.gotemplate ? 'gotemplate' : 'javascript';
}

/** Runs the script of `t` over one config; throws with the script's error (the caller names the item). */
export async function runScript(
  t: ScrapeTransform,
  config: unknown,
  source: string | null,
): Promise<TransformedConfig[]> {
  const vars = { config, source: source ?? '' };
  let out: unknown;
  if (t.expr) out = evaluateCel(t.expr, vars);
  else if (t.gotemplate) out = parseOutput(renderTemplate(t.gotemplate, vars));
  else {
    // awaited whether the sandbox answers a value or a promise
    const value: unknown = await evaluateJavaScript(t.javascript as string, { ...vars, result: { ...vars } });
    out = typeof value === 'string' ? parseOutput(value) : value;
  }
  if (out === null || out === undefined || out === '') return [];
  return (Array.isArray(out) ? out : [out]).filter((v) => v !== null && v !== undefined).map(resultOf);
}
