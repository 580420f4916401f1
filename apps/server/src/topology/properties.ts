import type { ComponentProperty, ConfigSelector } from '@opsdeck/schema';
import { evaluateCel, evaluateJavaScript } from '../expr/index.js';
import type { BuildContext, BuiltComponent } from './build.js';
import { runLookup } from './lookup.js';
import { renderString } from './templating.js';

/**
 * Property lookups: a string result sets `text` (a number sets `value`); a JSON
 * property list merges into the component; a JSON component list merges the properties of the
 * entry named like the component. `configLookup` reads one config item and shows `field` of its
 * config, or its `display` template, CEL or JavaScript over it.
 */

/** Finds one config item for a configLookup (the catalog's tables, read-only). */
export interface ConfigReader {
  find(selector: { id?: string } & ConfigSelector): Promise<Record<string, unknown> | undefined>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(list: ComponentProperty[], extra: ComponentProperty[]): ComponentProperty[] {
  const out = [...list];
  for (const p of extra) {
    const i = p.name ? out.findIndex((q) => q.name === p.name) : -1;
    if (i >= 0) out[i] = { ...out[i], ...p };
    else out.push(p);
  }
  return out;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function pick(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const key of path.split('.').filter(Boolean)) {
    if (!isObject(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

async function lookedUp(p: ComponentProperty, c: BuiltComponent, ctx: BuildContext): Promise<ComponentProperty[]> {
  const { lookup, ...rest } = p;
  const result = await runLookup(lookup ?? {}, ctx.execute);
  ctx.errors.push(...result.errors.map((e) => `${c.name} property ${p.name ?? ''} lookup: ${e}`));
  const [first] = result.values;
  if (result.values.length !== 1) return [rest];
  const value = typeof first === 'string' ? (parse(first.trim()) ?? first) : first;
  if (typeof value === 'number') return [{ ...rest, value }];
  if (typeof value === 'string') return [{ ...rest, text: value.trim() }];
  if (Array.isArray(value)) {
    const entries = value.filter(isObject);
    if (entries.some((e) => Array.isArray(e.properties))) {
      const mine = entries.find((e) => e.name === c.name);
      return [rest, ...((mine?.properties as ComponentProperty[] | undefined) ?? [])];
    }
    return [rest, ...(entries as ComponentProperty[])];
  }
  if (isObject(value)) return [{ ...rest, text: JSON.stringify(value) }];
  return [rest];
}

async function configLooked(p: ComponentProperty, c: BuiltComponent, ctx: BuildContext): Promise<ComponentProperty> {
  const { configLookup, ...rest } = p;
  if (!configLookup) return rest;
  const config = await ctx.configs.find({
    ...(configLookup.config ?? {}),
    ...(configLookup.id ? { id: configLookup.id } : {}),
  });
  if (!config) {
    ctx.errors.push(`${c.name} property ${p.name ?? ''}: no config item matches the configLookup`);
    return rest;
  }
  const field = configLookup.field ? pick(config.config, configLookup.field) : undefined;
  const vars = { config: config.config, item: config, field };
  let text: unknown = field;
  if (configLookup.display?.template) text = renderString(configLookup.display.template, vars);
  else if (configLookup.display?.expr) text = evaluateCel(configLookup.display.expr, vars);
  // the one QuickJS sandbox; awaited whether it answers a value or a promise
  else if (configLookup.display?.javascript) text = await evaluateJavaScript(configLookup.display.javascript, vars);
  if (typeof text === 'number') return { ...rest, value: text };
  return { ...rest, text: text === undefined || text === null ? undefined : String(text) };
}

/** The component's properties with every lookup resolved. */
export async function resolveProperties(
  c: BuiltComponent,
  _siblings: BuiltComponent[],
  ctx: BuildContext,
): Promise<ComponentProperty[]> {
  let out: ComponentProperty[] = [];
  for (const p of c.properties) {
    try {
      if (p.lookup) out = merge(out, await lookedUp(p, c, ctx));
      else if (p.configLookup) out = merge(out, [await configLooked(p, c, ctx)]);
      else out = merge(out, [p]);
    } catch (err) {
      ctx.errors.push(`${c.name} property ${p.name ?? ''}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return out;
}
