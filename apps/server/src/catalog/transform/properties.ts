import type { BaseScraper } from '@opsdeck/schema';
import { evaluateCel, renderTemplate } from '../../expr/index.js';
import type { ScrapedItem } from '../extract.js';
import { itemVariables } from './relationship.js';

/**
 * The scraper's `properties` (Mission Control's ConfigProperties) as the item stores them in
 * config_items.properties: each property as written, minus `filter` (CEL over the item: the
 * property is kept only where it is true), with `{{ }}` templates in `text`, `tooltip`, `icon`
 * and link `url`/`label` rendered over the item (`.config`, `.name`, `.labels`, ...).
 */

type Property = Record<string, unknown> & { name: string };
const TEMPLATED = ['text', 'tooltip', 'icon'] as const;

const render = (v: unknown, vars: Record<string, unknown>) =>
  typeof v === 'string' && v.includes('{{') ? renderTemplate(v, vars) : v;

export function propertiesOf(
  spec: BaseScraper,
  item: Omit<ScrapedItem, 'relationships' | 'properties'>,
): { properties: Property[] | null; errors: string[] } {
  if (!spec.properties?.length) return { properties: null, errors: [] };
  const vars = itemVariables(item);
  const properties: Property[] = [];
  const errors: string[] = [];
  spec.properties.forEach((p, i) => {
    try {
      const { filter, ...rest } = p as Property & { filter?: unknown };
      if (typeof filter === 'string' && filter && evaluateCel(filter, vars) !== true) return;
      const out: Property = { ...rest };
      for (const k of TEMPLATED) if (k in out) out[k] = render(out[k], vars);
      if (Array.isArray(out.links)) {
        out.links = out.links.map((l) =>
          l && typeof l === 'object' ? { ...l, url: render(l.url, vars), label: render(l.label, vars) } : l,
        );
      }
      properties.push(out);
    } catch (err) {
      errors.push(`properties[${i}] (${p.name}): ${(err as Error).message}`);
    }
  });
  return { properties, errors };
}
