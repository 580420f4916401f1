import { z } from 'zod';
import { resourceSelectorShape } from './selector.js';

const viewRefSchema = z.strictObject({
  namespace: z.string().optional(),
  name: z.string().min(1, 'name is required'),
});

/** Filters of a catalog list a section shows: a ResourceSelector plus the list page's own filters. */
const changesRefSchema = z.strictObject({
  ...resourceSelectorShape,
  /** Config types whose changes are listed (the Changes page's type filter). */
  configTypes: z.array(z.string()).optional(),
  changeType: z.string().optional(),
  severity: z.string().optional(),
  /** How far back (`24h`, `7d`) or from an RFC 3339 date. */
  from: z.string().optional(),
  to: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
});
const configsRefSchema = z.strictObject({
  ...resourceSelectorShape,
  /** One config type (the Catalog page's type filter). */
  configType: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
});

export const uiRefSchema = z
  .strictObject({
    changes: changesRefSchema.optional(),
    configs: configsRefSchema.optional(),
    access: z.strictObject(resourceSelectorShape).optional(),
    accessLogs: z.strictObject(resourceSelectorShape).optional(),
  })
  .refine(
    (u) => Object.values(u).filter(Boolean).length === 1,
    'set exactly one of changes, configs, access, accessLogs',
  );
export type UiRef = z.infer<typeof uiRefSchema>;

/** A section: another View by reference, or a catalog list (uiRef) filled from the catalog. */
export const viewSectionSchema = z
  .strictObject({
    title: z.string({ error: 'title is required' }).min(1, 'title is required'),
    icon: z.string().optional(),
    viewRef: viewRefSchema.optional(),
    uiRef: uiRefSchema.optional(),
  })
  .refine((s) => !s.viewRef !== !s.uiRef, 'set exactly one of viewRef or uiRef');
export type ViewSection = z.infer<typeof viewSectionSchema>;
