import { z } from 'zod';
import { metadataSchema, scheduleProblem } from './canary/canary.js';

/**
 * The Topology resource as Mission Control writes it (`apiVersion: canaries.flanksource.com/v1`,
 * `kind: Topology`): a tree of components, each either static or produced by a `lookup` (any
 * Canary spec run without storing results), with properties, selectors (other components become
 * children), checks, configs, expressions and `forEach`. Unknown fields are refused with their
 * path, so a typo does not silently drop part of a topology.
 */

export const TOPOLOGY_API_VERSION = 'canaries.flanksource.com/v1';

/** A Canary spec (check lists keyed by type); the server validates it with the canary schema. */
const lookupSchema = z.record(z.string(), z.unknown());

/** Mission Control's templatable field: a plain template string or `{template|expr|jsonPath|javascript}`. */
const templateSchema = z.union([
  z.string(),
  z.strictObject({
    template: z.string().optional(),
    expr: z.string().optional(),
    jsonPath: z.string().optional(),
    javascript: z.string().optional(),
  }),
]);

/** Selects components or checks: id, name, namespace, types and labels (`k=v,k2!=v`). */
export const topologySelectorSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  types: z.array(z.string()).optional(),
  labelSelector: z.string().optional(),
  /** Deprecated single-type form. */
  type: z.string().optional(),
});

/** Selects config items; the deprecated `class`, `external_id`, `tags` and `type` still work. */
export const configSelectorSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  types: z.array(z.string()).optional(),
  type: z.string().optional(),
  class: z.string().optional(),
  external_id: z.string().optional(),
  labelSelector: z.string().optional(),
  tagSelector: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
});

const linkSchema = z.looseObject({
  type: z.string().optional(),
  url: z.string().optional(),
  label: z.string().optional(),
});

/** One property of a component: static (`text`, `value`), looked up, or read from a config item. */
export const componentPropertySchema = z.strictObject({
  label: z.string().optional(),
  name: z.string().optional(),
  tooltip: z.string().optional(),
  icon: z.string().optional(),
  text: z.string().optional(),
  order: z.number().int().optional(),
  headline: z.boolean().optional(),
  type: z.string().optional(),
  color: z.string().optional(),
  hidden: z.boolean().optional(),
  unit: z.string().optional(),
  value: z.number().optional(),
  max: z.number().optional(),
  min: z.number().optional(),
  status: z.string().optional(),
  lastTransition: z.string().optional(),
  links: z.array(linkSchema).optional(),
  lookup: lookupSchema.optional(),
  configLookup: z
    .strictObject({
      id: z.string().optional(),
      config: configSelectorSchema.optional(),
      field: z.string().optional(),
      display: z
        .looseObject({
          template: z.string().optional(),
          expr: z.string().optional(),
          javascript: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  summary: z.unknown().optional(),
});
export type ComponentProperty = z.infer<typeof componentPropertySchema>;

/** Checks of a component: a selector over existing checks, or an inline Canary spec. */
export const componentCheckSchema = z.strictObject({
  selector: topologySelectorSchema.optional(),
  inline: lookupSchema.optional(),
});

const relationshipSchema = z.looseObject({ type: z.string().optional(), ref: z.string().optional() });

const forEachSchema = z.strictObject({
  get components() {
    return z.array(componentSchema).optional();
  },
  properties: z.array(componentPropertySchema).optional(),
  configs: z.array(configSelectorSchema).optional(),
  selectors: z.array(topologySelectorSchema).optional(),
  relationships: z.array(relationshipSchema).optional(),
  checks: z.array(componentCheckSchema).optional(),
});

const healthValues = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** A component of the tree (recursive). */
export const componentSchema: z.ZodType<ComponentSpec> = z.strictObject({
  name: z.string().optional(),
  namespace: z.string().optional(),
  text: z.string().optional(),
  tooltip: z.string().optional(),
  icon: z.string().optional(),
  owner: z.string().optional(),
  externalID: z.string().optional(),
  id: templateSchema.optional(),
  order: z.number().int().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  hidden: z.boolean().optional(),
  type: z.string().optional(),
  lifecycle: z.string().optional(),
  status: z.string().optional(),
  statusReason: z.string().optional(),
  relationships: z.array(relationshipSchema).optional(),
  properties: z.array(componentPropertySchema).optional(),
  lookup: lookupSchema.optional(),
  get components() {
    return z.array(componentSchema).optional();
  },
  selectors: z.array(topologySelectorSchema).optional(),
  checks: z.array(componentCheckSchema).optional(),
  configs: z.array(configSelectorSchema).optional(),
  summary: z.unknown().optional(),
  forEach: forEachSchema.optional(),
  logs: z.array(z.looseObject({ name: z.string().optional(), type: z.string().optional() })).optional(),
  parentLookup: z.looseObject({}).optional(),
  statusExpr: z.string().optional(),
  healthExpr: z.string().optional(),
  health: z.enum(healthValues).optional(),
  configID: z.string().optional(),
});

/** A component as written in a Topology (see componentSchema). */
export interface ComponentSpec {
  name?: string;
  namespace?: string;
  text?: string;
  tooltip?: string;
  icon?: string;
  owner?: string;
  externalID?: string;
  id?: string | { template?: string; expr?: string; jsonPath?: string; javascript?: string };
  order?: number;
  labels?: Record<string, string>;
  hidden?: boolean;
  type?: string;
  lifecycle?: string;
  status?: string;
  statusReason?: string;
  relationships?: Array<{ type?: string; ref?: string }>;
  properties?: ComponentProperty[];
  lookup?: Record<string, unknown>;
  components?: ComponentSpec[];
  selectors?: TopologySelector[];
  checks?: Array<{ selector?: TopologySelector; inline?: Record<string, unknown> }>;
  configs?: ConfigSelector[];
  summary?: unknown;
  forEach?: {
    components?: ComponentSpec[];
    properties?: ComponentProperty[];
    configs?: ConfigSelector[];
    selectors?: TopologySelector[];
    relationships?: Array<{ type?: string; ref?: string }>;
    checks?: Array<{ selector?: TopologySelector; inline?: Record<string, unknown> }>;
  };
  logs?: Array<{ name?: string; type?: string }>;
  parentLookup?: Record<string, unknown>;
  statusExpr?: string;
  healthExpr?: string;
  health?: (typeof healthValues)[number];
  configID?: string;
}
export type TopologySelector = z.infer<typeof topologySelectorSchema>;
export type ConfigSelector = z.infer<typeof configSelectorSchema>;

const scheduleSchema = z.string().superRefine((v, ctx) => {
  const problem = scheduleProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** `spec` of a Topology: the root component's fields plus schedule, groupBy and push. */
export const topologySpecSchema = z.strictObject({
  type: z.string().optional(),
  id: templateSchema.optional(),
  schedule: scheduleSchema.optional(),
  tooltip: z.string().optional(),
  icon: z.string().optional(),
  text: z.string().optional(),
  label: z.string().optional(),
  owner: z.string().optional(),
  components: z.array(componentSchema).optional(),
  properties: z.array(componentPropertySchema).optional(),
  configs: z.array(configSelectorSchema).optional(),
  statusExpr: z.string().optional(),
  healthExpr: z.string().optional(),
  groupBy: z.strictObject({ tag: z.string().min(1), selector: configSelectorSchema.optional() }).optional(),
  // accepted and never done would be a silent drop: refused with the reason
  push: z
    .unknown()
    .optional()
    .refine((v) => v === undefined, {
      message:
        'push is not supported: a topology runs on the OpsDeck that holds it; an agent sends its own results through the agent link',
    }),
});
export type TopologySpec = z.infer<typeof topologySpecSchema>;

/** A whole Topology document. */
export const topologySchema = z.looseObject({
  apiVersion: z.literal(TOPOLOGY_API_VERSION, { error: `expected ${TOPOLOGY_API_VERSION}` }),
  kind: z.literal('Topology', { error: 'expected Topology' }),
  metadata: metadataSchema,
  spec: topologySpecSchema,
  status: z.unknown().optional(),
});
export type TopologyResource = z.infer<typeof topologySchema>;

/** Runs every 5 minutes when the spec names no schedule (Mission Control's default). */
export const DEFAULT_TOPOLOGY_SCHEDULE = '@every 5m';

/** Component health values (status may also be `error` or `info`). */
export const COMPONENT_HEALTH = healthValues;
export type ComponentHealth = (typeof healthValues)[number];
