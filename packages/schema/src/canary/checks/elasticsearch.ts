import { z } from 'zod';
import { checkSchema, connectionShape, emptyResultShape } from './common.js';
import { requiredString } from './required.js';

/**
 * `elasticsearch` and `opensearch`: run the search `query` (a JSON request body) on `index` and,
 * when `results` is set, fail unless exactly that many documents match; `markFailOnEmpty` fails
 * when none match.
 */
function searchCheckSchema(type: string) {
  return checkSchema({
    ...connectionShape,
    ...emptyResultShape,
    index: requiredString('index'),
    query: z
      .string()
      .refine(isJsonObject, { message: 'query must be a JSON object (the search request body)' })
      .optional(),
    results: z.number().int().nonnegative().optional(),
  }).refine((c) => !!(c.url || c.connection), { message: `an ${type} check needs url or connection`, path: ['url'] });
}

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

export const elasticsearchCheckSchema = searchCheckSchema('elasticsearch');
export const opensearchCheckSchema = searchCheckSchema('opensearch');
export type SearchCheck = z.infer<typeof elasticsearchCheckSchema>;
