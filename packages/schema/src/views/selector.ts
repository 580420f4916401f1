import { z } from 'zod';

/**
 * The catalog ResourceSelector as views and applications write it (configs, changes, variable
 * options, config tabs, application mappings). `cache` directives are accepted and honoured by
 * reading fresh: selectors are evaluated against the database each time, never from a cache.
 */
export const resourceSelectorShape = {
  id: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  agent: z.string().optional(),
  search: z.string().optional(),
  types: z.array(z.string()).optional(),
  statuses: z.array(z.string()).optional(),
  health: z.string().optional(),
  tagSelector: z.string().optional(),
  labelSelector: z.string().optional(),
  /** `field=value` pairs, comma separated (name, type, namespace, status, health, id, agent; `!=` negates). */
  fieldSelector: z.string().optional(),
  /** The scraper of a config item: its id or `namespace/name`. */
  scope: z.string().optional(),
  cache: z
    .string()
    .regex(/^(no-cache|no-store|max-age=\S+)$/, "one of 'no-cache', 'no-store', 'max-age=<duration>'")
    .optional(),
  includeDeleted: z.boolean().optional(),
  limit: z.number().int().positive().max(10_000).optional(),
};

export const viewSelectorSchema = z.strictObject(resourceSelectorShape);
export type ViewSelector = z.infer<typeof viewSelectorSchema>;
