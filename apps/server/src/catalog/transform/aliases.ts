import { renderTemplate } from '../../expr/index.js';
import type { ScrapedItem } from '../extract.js';
import { itemVariables } from './relationship.js';

/**
 * transform.aliases: other ids an item is known by (an ARN beside an instance id, a cluster's
 * API URL), each text as written or a `{{ }}` template over the item (`.config`, `.name`,
 * `.labels`, ...). They are stored after the scraper's id in config_items.external_id, so a
 * change or insight reported for an alias, and a relationship selector's `external_id`, find the
 * item. Empty and repeated values are dropped; the engine's key stays external_id[1].
 */
export function aliasesOf(
  templates: string[] | undefined,
  item: Omit<ScrapedItem, 'relationships' | 'properties' | 'aliases'>,
): { aliases: string[]; errors: string[] } {
  const aliases: string[] = [];
  const errors: string[] = [];
  if (!templates?.length) return { aliases, errors };
  const vars = itemVariables(item);
  templates.forEach((t, i) => {
    try {
      const value = (t.includes('{{') ? renderTemplate(t, vars) : t).trim();
      if (value && value !== item.externalId && !aliases.includes(value)) aliases.push(value);
    } catch (err) {
      errors.push(`transform.aliases[${i}]: ${(err as Error).message}`);
    }
  });
  return { aliases, errors };
}
