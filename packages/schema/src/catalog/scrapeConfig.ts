import { z } from 'zod';
import { metadataSchema, scheduleProblem } from '../canary/canary.js';
import { durationSchema } from '../time/duration.js';
import { scraperSchemas } from './scrapers/index.js';

/**
 * The ScrapeConfig resource as Mission Control writes it (`apiVersion: configs.flanksource.com/v1`,
 * `kind: ScrapeConfig`): schedule, full mode, retention and one list per scraper type. The lists
 * of types OpsDeck runs come from `scraperSchemas`; every other type of Mission Control is refused
 * with a message naming it, never silently accepted.
 */

export const SCRAPE_CONFIG_API_VERSION = 'configs.flanksource.com/v1';

/** Scraper types of Mission Control's ScraperSpec (and of the form builder). */
export const REFERENCE_SCRAPER_TYPES = [
  'aws',
  'azure',
  'azureDevops',
  'clickhouse',
  'exec',
  'file',
  'gcp',
  'github',
  'githubActions',
  'http',
  'kubernetes',
  'kubernetesFile',
  'logs',
  'playwright',
  'postgres',
  'pubsub',
  'slack',
  'sql',
  'terraform',
  'trivy',
] as const;

/** Applied when a ScrapeConfig sets no schedule (Mission Control scrapes every hour by default). */
export const DEFAULT_SCRAPE_SCHEDULE = '@every 60m';

const ageOrKeep = z.string().refine((v) => v === 'keep' || durationSchema.safeParse(v).success, {
  message: "expected a duration such as 24h or 7d, or 'keep'",
});

const changeRetentionSchema = z
  .strictObject({
    /** The change type it applies to. */
    name: z.string({ error: 'name is required' }).min(1, 'name is required'),
    age: durationSchema.optional(),
    count: z.number().int().positive().optional(),
  })
  .refine((r) => r.age !== undefined || r.count !== undefined, { message: 'set age, count or both' });

const typeRetentionSchema = z.strictObject({
  name: z.string({ error: 'name is required' }).min(1, 'name is required'),
  createdAge: durationSchema.optional(),
  updatedAge: durationSchema.optional(),
  deletedAge: durationSchema.optional(),
});

export const retentionSchema = z.strictObject({
  changes: z.array(changeRetentionSchema).optional(),
  types: z.array(typeRetentionSchema).optional(),
  /** Also accepted as `type`, the name some config-db files use. */
  type: z.array(typeRetentionSchema).optional(),
  staleItemAge: ageOrKeep.optional(),
  staleAnalysisAge: ageOrKeep.optional(),
});
export type ScrapeRetention = z.infer<typeof retentionSchema>;

const specShape = {
  schedule: z
    .string()
    .superRefine((v, ctx) => {
      const problem = scheduleProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  /** Seconds a scrape may take (Mission Control's duration string is accepted too). */
  timeout: z.union([z.number().int().positive(), durationSchema]).optional(),
  // accepted by Mission Control's ScrapeConfig but not acted on here: refused with the reason rather
  // than stored and ignored (an author would believe they took effect)
  logLevel: refusedField(
    'per-scrape log levels are not supported: every scrape records its errors and warnings in its job history; remove logLevel',
  ),
  /** The scraped documents carry `config`, `changes` and `analysis` keys to extract. */
  full: z.boolean().optional(),
  retention: retentionSchema.optional(),
  crdSync: z
    .boolean()
    .refine((v) => !v, {
      message:
        'crdSync is not supported: OpsDeck does not turn scraped Playbook, Canary or other resources into its own; apply them with opsdeck apply',
    })
    .optional(),
  system: z
    .boolean()
    .refine((v) => !v, {
      message: 'system is not supported: system scrapers are those OpsDeck runs itself, not ones a file declares',
    })
    .optional(),
};

/** A field refused whatever its value, with the reason. */
function refusedField(reason: string) {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (v !== undefined) ctx.addIssue({ code: 'custom', message: reason });
    })
    .optional();
}

function unsupportedType(type: string) {
  return z.unknown().superRefine((_v, ctx) => {
    ctx.addIssue({ code: 'custom', message: `scraper type ${type} is not supported yet` });
  });
}

let cached: { keys: string; schema: z.ZodType } | undefined;

/** The zod schema of a whole ScrapeConfig document, built from the registered scraper types. */
export function scrapeConfigSchema(): z.ZodType<ScrapeConfigResource> {
  const keys = Object.keys(scraperSchemas).sort().join(',');
  if (cached?.keys === keys) return cached.schema as z.ZodType<ScrapeConfigResource>;
  const lists: Record<string, z.ZodType> = {};
  for (const type of REFERENCE_SCRAPER_TYPES) lists[type] = unsupportedType(type).optional();
  for (const [type, schema] of Object.entries(scraperSchemas)) lists[type] = z.array(schema).optional();
  const spec = z.strictObject({ ...specShape, ...lists }).superRefine((s, ctx) => {
    if (!scrapeConfigScrapers(s as ScrapeConfigSpec).length) {
      ctx.addIssue({
        code: 'custom',
        message: `a ScrapeConfig needs at least one scraper (${Object.keys(scraperSchemas).join(', ')})`,
      });
    }
  });
  const schema = z.looseObject({
    apiVersion: z.literal(SCRAPE_CONFIG_API_VERSION, { error: `expected ${SCRAPE_CONFIG_API_VERSION}` }),
    kind: z.literal('ScrapeConfig', { error: 'expected ScrapeConfig' }),
    metadata: metadataSchema,
    spec,
    status: z.unknown().optional(),
  });
  cached = { keys, schema };
  return schema as unknown as z.ZodType<ScrapeConfigResource>;
}

/** A validated ScrapeConfig document. Scraper lists are keyed by type. */
export interface ScrapeConfigResource {
  apiVersion: typeof SCRAPE_CONFIG_API_VERSION;
  kind: 'ScrapeConfig';
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: ScrapeConfigSpec;
  status?: unknown;
}

export interface ScrapeConfigSpec {
  schedule?: string;
  timeout?: number | string;
  logLevel?: string;
  full?: boolean;
  retention?: ScrapeRetention;
  crdSync?: boolean;
  system?: boolean;
  [scraperType: string]: unknown;
}

/** Every scraper of a spec as `{type, index, scraper}`, in registry order then spec order. */
export function scrapeConfigScrapers(
  spec: ScrapeConfigSpec,
): Array<{ type: string; index: number; scraper: Record<string, unknown> }> {
  const out: Array<{ type: string; index: number; scraper: Record<string, unknown> }> = [];
  for (const type of Object.keys(scraperSchemas)) {
    const list = spec[type];
    if (!Array.isArray(list)) continue;
    list.forEach((scraper, index) => {
      out.push({ type, index, scraper: scraper as Record<string, unknown> });
    });
  }
  return out;
}

/** The schedule a ScrapeConfig runs on. */
export function scrapeSchedule(spec: Pick<ScrapeConfigSpec, 'schedule'>): string {
  return spec.schedule?.trim() || DEFAULT_SCRAPE_SCHEDULE;
}
