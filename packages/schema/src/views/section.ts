import { z } from 'zod';
import { resourceSelectorShape } from './selector.js';

const viewRefSchema = z.strictObject({
  namespace: z.string().optional(),
  name: z.string().min(1, 'name is required'),
});

/**
 * The filters of a section's catalog list, as the Changes and Catalog pages keep them in their
 * URL: comma-separated lists whose items are included (`a`, `a:1`) or excluded (`!a`, `a:-1`);
 * tags and labels as `key=value` items. OpsDeck also takes a ResourceSelector's fields here.
 */
const changesRefSchema = z.strictObject({
  ...resourceSelectorShape,
  configTypes: z.union([z.string(), z.array(z.string())]).optional(),
  changeType: z.string().optional(),
  severity: z.string().optional(),
  source: z.string().optional(),
  /** Who made the change: a person's name or email, or the source's own user name. */
  createdBy: z.string().optional(),
  /** Text the change summary contains. */
  summary: z.string().optional(),
  tags: z.string().optional(),
  /** How far back (`24h`, `7d`, `now-7d`) or an ISO time. */
  from: z.string().optional(),
  to: z.string().optional(),
});
const configsRefSchema = z.strictObject({
  ...resourceSelectorShape,
  configType: z.string().optional(),
  status: z.string().optional(),
  labels: z.string().optional(),
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

/** A section: another View by reference and/or a catalog list (uiRef) filled from the catalog (shown in that order). */
export const viewSectionSchema = z
  .strictObject({
    title: z.string({ error: 'title is required' }).min(1, 'title is required'),
    icon: z.string().optional(),
    viewRef: viewRefSchema.optional(),
    uiRef: uiRefSchema.optional(),
  })
  .refine((s) => Boolean(s.viewRef || s.uiRef), 'set viewRef or uiRef');
export type ViewSection = z.infer<typeof viewSectionSchema>;
