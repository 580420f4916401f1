import { type IncidentRuleSpec, incidentRuleSpecSchema, resourceSelectorSchema } from '@opsdeck/schema';
import { z } from 'zod';
import { badRequest } from '../../errors.js';
import { validateIncidentWrite } from '../../incidents/validate.js';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, unsupported, validator } from '../schema.js';

// Mission Control writes durations here as Go durations in nanoseconds; OpsDeck also takes `5m`
const duration = z.union([
  z
    .number()
    .int()
    .positive()
    .transform((ns) => `${Math.max(1, Math.round(ns / 1e9))}s`),
  z.string(),
]);
const selector = resourceSelectorSchema.strict().extend({
  agent: unsupported('incident rules match the checks and components of this server'),
  fieldSelector: unsupported('select by id, name, namespace, types or labelSelector'),
  statuses: unsupported('match statuses with spec.filter.status'),
});
const base = incidentRuleSpecSchema.shape;

const schema = crdSchema(
  'IncidentRule',
  z.strictObject({
    name: z.string().optional(),
    priority: base.priority,
    breakOnMatch: base.breakOnMatch,
    components: z.array(selector).optional(),
    checks: z.array(resourceSelectorSchema.strict()).optional(),
    filter: z
      .strictObject({
        status: z.array(z.string()).optional(),
        severity: z.array(z.string()).optional(),
        category: z.array(z.string()).optional(),
        age: duration.optional(),
      })
      .optional(),
    autoResolve: z.strictObject({ timeout: duration }).optional(),
    autoClose: z.strictObject({ timeout: duration }).optional(),
    hoursOfOperation: base.hoursOfOperation,
    template: base.template,
    autoAssignOwner: z
      .boolean()
      .optional()
      .refine((v) => !v, { message: 'OpsDeck does not assign owners from rules; name a commander in spec.template' }),
    responders: unsupported(
      'OpsDeck opens no tickets or chats from incident rules; notify with a Notification on incident.created',
    ),
  }),
);
type RuleResource = z.infer<typeof schema>;

/** IncidentRule (mission-control.flanksource.com/v1): an incident_rules row, validated as the rules page's writes are. */
export const incidentRuleKind = defineKind<RuleResource>({
  table: 'incident_rules',
  validate: validator(schema),
  find: (scope, r) => locate(scope, 'incident_rules', { name: r.metadata.name }),
  async save(scope, r) {
    const { autoAssignOwner: _owner, responders: _responders, ...spec } = r.spec;
    const row = validateIncidentWrite(
      'incident_rules',
      { name: r.metadata.name, spec: JSON.parse(JSON.stringify(spec)) as IncidentRuleSpec },
      'insert',
    );
    // the incidents a rule opens need an author: the caller, else the template's created_by
    const author = scope.author ?? r.spec.template?.created_by;
    if (!author)
      throw badRequest('spec.template.created_by: name the person the rule opens incidents as (a person id)');
    const values = { spec: JSON.stringify(row.spec), source: APPLIED_SOURCE };
    const id = await locate(scope, 'incident_rules', { name: r.metadata.name });
    if (id) await scope.trx.updateTable('incident_rules').set(values).where('id', '=', id).execute();
    else
      await scope.trx
        .insertInto('incident_rules')
        .values({ ...values, name: r.metadata.name, created_by: author })
        .execute();
  },
  remove: (scope, id) => softDelete(scope, 'incident_rules', id),
});
