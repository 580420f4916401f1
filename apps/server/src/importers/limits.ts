import { LONG_TEXT, SHORT_TEXT } from '../rest/clientColumns.js';
import { ImportInputError, type ImportPlan } from './plan.js';

/** Fields of a plan that become name-like columns (indexed, shown on one line). */
const SHORT_KEYS: ReadonlySet<string> = new Set(['name', 'namespace', 'title', 'type']);

/**
 * Refuses a plan holding a text longer than what OpsDeck stores for it, as /api/db writes do
 * (rest/clientColumns.ts): a name is a line (500 characters), anything else a document (64 KiB).
 * Names the first field too long, by its place in the plan, so the source can be fixed.
 */
export function checkPlanSizes(plan: ImportPlan): void {
  const walk = (value: unknown, path: string, key: string): void => {
    if (typeof value === 'string') {
      const max = SHORT_KEYS.has(key) ? SHORT_TEXT : LONG_TEXT;
      if (value.length > max) {
        throw new ImportInputError(
          `${path} is ${value.length} characters long (starting "${value.slice(0, 40)}"); at most ${max} can be imported`,
        );
      }
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`, key);
      return;
    }
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, k);
    }
  };
  walk({ canaries: plan.canaries, connections: plan.connections, notifications: plan.notifications }, '', '');
}
