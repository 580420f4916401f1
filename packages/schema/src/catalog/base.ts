import { z } from 'zod';
import { envVarSchema, unsupportedField } from '../canary/checks/common.js';

/** Why relationship selectors stay in this catalog. */
const NOT_ELSEWHERE =
  'agent and scope are not supported in relationship selectors: related items are found in this OpsDeck catalog';

/**
 * The fields every scraper of a ScrapeConfig shares (Mission Control's BaseScraper): how to turn
 * what a scraper read into config items, and the transform applied on the way. Each per-type
 * schema is built with `scraperSchema({...})`, which merges these and refuses unknown fields, so
 * a typo is an error naming its path instead of a silently ignored setting.
 */

/** Health values of a config item. */
export const CONFIG_HEALTHS = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;
export type ConfigHealthValue = (typeof CONFIG_HEALTHS)[number];

/** A field value is a JSONPath when it starts with `$` or `@`; otherwise it is taken as written. */
export function isJsonPathField(value: string): boolean {
  return value.startsWith('$') || value.startsWith('@');
}

const text = z.string().min(1, 'must not be empty');
/** A static value or a JSONPath into the scraped config (`$.metadata.name`). */
const fieldSchema = text;

const healthSchema = text.refine((v) => isJsonPathField(v) || (CONFIG_HEALTHS as readonly string[]).includes(v), {
  message: `expected a JSONPath ($...) or one of ${CONFIG_HEALTHS.join(', ')}`,
});

const excludeSchema = z.strictObject({
  jsonpath: text,
  /** Config types the exclusion applies to; all when empty. */
  types: z.array(text).optional(),
});

const maskSchema = z.strictObject({
  /** CEL over the config item (`config_type == 'Secret'`); every item when empty. */
  selector: z.string().optional(),
  jsonpath: text,
  /** `md5sum`, or a static replacement. */
  value: text,
});

/** Actions a change mapping may take on a change (Mission Control's list). */
export const CHANGE_ACTIONS = ['delete', 'ignore', 'move-up', 'copy-up', 'copy', 'move'] as const;

const changeMappingSchema = z.strictObject({
  filter: z.string().optional(),
  type: z.string().optional(),
  severity: z.string().optional(),
  action: z.enum(CHANGE_ACTIONS, { error: `expected one of ${CHANGE_ACTIONS.join(', ')}` }).optional(),
  summary: z.string().optional(),
  config_id: z.string().optional(),
  config_type: z.string().optional(),
  scraper_id: z.string().optional(),
  ancestor_type: z.string().optional(),
  target: z.string().optional(),
});

/**
 * A value of a relationship selector: text as written (a JSONPath into the item's config when it
 * starts with `$` or `@`), or `{value}` static, `{expr}` CEL over the item, `{label}` the item's label.
 */
export const relationshipLookupSchema = z.union([
  text,
  z
    .strictObject({ value: z.string().optional(), expr: z.string().optional(), label: z.string().optional() })
    .refine((l) => [l.value, l.expr, l.label].filter((v) => v !== undefined).length === 1, {
      message: 'set exactly one of value, expr or label',
    }),
]);
export type RelationshipLookup = z.infer<typeof relationshipLookupSchema>;

/** Fields that select the related items (all set ones must match). */
export const RELATIONSHIP_SELECTOR_FIELDS = ['id', 'external_id', 'name', 'namespace', 'type'] as const;

/**
 * A relationship rule: a CEL `filter` on the item, and a selector of the related items (the
 * fields above and `labels`), or `expr`, CEL answering a list of such selectors. `parent: true`
 * turns the edge around (the related items lead to this one); `relation` names the edge.
 */
const relationshipSchema = z
  .strictObject({
    filter: z.string().optional(),
    expr: z.string().optional(),
    parent: z.boolean().optional(),
    relation: text.optional(),
    id: relationshipLookupSchema.optional(),
    external_id: relationshipLookupSchema.optional(),
    name: relationshipLookupSchema.optional(),
    namespace: relationshipLookupSchema.optional(),
    type: relationshipLookupSchema.optional(),
    labels: z.record(z.string(), relationshipLookupSchema).optional(),
    agent: unsupportedField(NOT_ELSEWHERE),
    scope: unsupportedField(NOT_ELSEWHERE),
  })
  .refine((r) => r.expr || RELATIONSHIP_SELECTOR_FIELDS.some((f) => r[f] !== undefined) || r.labels, {
    message: 'set expr or at least one of id, external_id, name, namespace, type, labels',
  });
export type RelationshipRule = z.infer<typeof relationshipSchema>;

/** A location or alias: a template text; the CRD's object form (type, filter, values) is refused with why. */
const locationText = z.unknown().transform((v, ctx) => {
  if (typeof v === 'string' && v.trim()) return v;
  ctx.addIssue({
    code: 'custom',
    message:
      typeof v === 'object' && v !== null
        ? 'locations and aliases as objects (type, filter, values, withParent) are not supported yet: write each as a template text'
        : 'expected a template text',
  });
  return z.NEVER;
});

/** What Mission Control's `transform` block holds. */
export const transformSchema = z
  .strictObject({
    /** CEL that returns the list of configs to keep (replaces what was scraped). */
    expr: z.string().optional(),
    gotemplate: z.string().optional(),
    javascript: z.string().optional(),
    exclude: z.array(excludeSchema).optional(),
    mask: z.array(maskSchema).optional(),
    relationship: z.array(relationshipSchema).optional(),
    changes: z
      .strictObject({
        mapping: z.array(changeMappingSchema).optional(),
        /** CEL over a change; a change for which one is true is not recorded. */
        exclude: z.array(text).optional(),
      })
      .optional(),
    jsonpath: unsupportedField('transform.jsonpath is not supported yet: use expr (CEL) or javascript'),
    locations: z.array(locationText).optional(),
    aliases: z.array(locationText).optional(),
  })
  .superRefine((t, ctx) => {
    if ([t.expr, t.gotemplate, t.javascript].filter(Boolean).length > 1) {
      ctx.addIssue({ code: 'custom', message: 'set only one of expr, gotemplate or javascript' });
    }
  });
export type ScrapeTransform = z.infer<typeof transformSchema>;

/** A custom property shown on the item's page (Mission Control's ConfigProperties). */
const propertySchema = z.looseObject({ name: text });

export const MAX_TAGS = 5;

/**
 * Tags: the map form (`{name: value-or-JSONPath}`) OpsDeck keeps, or the CRD's list form
 * (`[{name, value}]`, `[{name, jsonpath}]`), read into the map form.
 */
const tagsSchema = z.unknown().transform((v, ctx): Record<string, string> => {
  const out: Record<string, string> = {};
  if (Array.isArray(v)) {
    v.forEach((e: Record<string, unknown> | null, i) => {
      if (!e || typeof e !== 'object' || typeof e.name !== 'string' || !e.name) {
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'name is required' });
        return;
      }
      if (e.label !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'label'],
          message: 'a tag read from a label is not supported yet: use value or jsonpath',
        });
      const value = e.jsonpath ?? e.value;
      if (typeof value !== 'string') ctx.addIssue({ code: 'custom', path: [i], message: 'set value or jsonpath' });
      else out[e.name] = value;
    });
  } else if (v && typeof v === 'object') {
    for (const [k, value] of Object.entries(v)) {
      if (typeof value === 'string') out[k] = value;
      else ctx.addIssue({ code: 'custom', path: [k], message: 'expected a value or JSONPath text' });
    }
  } else ctx.addIssue({ code: 'custom', message: 'expected a map of tags or a list of {name, value}' });
  return out;
});

/** The BaseScraper fields, shared by every scraper type. */
export const baseScraperShape = {
  id: fieldSchema.optional(),
  name: fieldSchema.optional(),
  type: fieldSchema.optional(),
  class: fieldSchema.optional(),
  description: fieldSchema.optional(),
  status: fieldSchema.optional(),
  health: healthSchema.optional(),
  /** JSONPath that splits one scraped document into many configs. */
  items: fieldSchema.optional(),
  format: z.enum(['json', 'yaml', 'properties'], { error: 'expected json, yaml or properties' }).optional(),
  timestampFormat: text.optional(),
  createFields: z.array(text).optional(),
  deleteFields: z.array(text).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  tags: tagsSchema
    .refine((t) => Object.keys(t).length <= MAX_TAGS, { message: `at most ${MAX_TAGS} tags per item` })
    .optional(),
  properties: z.array(propertySchema).optional(),
  transform: transformSchema.optional(),
};

/** A scraper type's schema: the BaseScraper fields plus `shape`, unknown fields refused. */
export function scraperSchema<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject({ ...baseScraperShape, ...shape });
}

/** The BaseScraper fields of a validated scraper. */
export type BaseScraper = z.infer<ReturnType<typeof scraperSchema<Record<never, never>>>>;

/** Credentials beside a connection string (Mission Control's `auth`). */
export const scraperAuthSchema = z.strictObject({
  username: envVarSchema.optional(),
  password: envVarSchema.optional(),
});
