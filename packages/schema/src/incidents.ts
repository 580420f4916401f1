import { z } from 'zod';
import { parseDuration } from './time/duration.js';

/** Incident statuses; a new incident is `open` unless told otherwise. */
export const INCIDENT_STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'] as const;
export const incidentStatusSchema = z.enum(INCIDENT_STATUSES);
export type IncidentStatus = z.infer<typeof incidentStatusSchema>;

/** Statuses in which an incident still needs someone: everything but resolved and closed. */
export const ACTIVE_INCIDENT_STATUSES: readonly IncidentStatus[] = ['new', 'open', 'investigating', 'mitigated'];

/** Severities, lowest first (both spec screens merged: info and warning come from the second). */
export const INCIDENT_SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'critical', 'blocker'] as const;
// The Link to Incident modal sends `Medium`: severities compare case-insensitively.
export const incidentSeveritySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(INCIDENT_SEVERITIES),
);
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const INCIDENT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
] as const;
export const incidentTypeSchema = z.enum(INCIDENT_TYPES);
export type IncidentType = z.infer<typeof incidentTypeSchema>;

/** Hypothesis statuses, most to least likely; a new hypothesis is `possible`. */
export const HYPOTHESIS_STATUSES = ['proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven'] as const;
export const hypothesisStatusSchema = z.enum(HYPOTHESIS_STATUSES);
export type HypothesisStatus = z.infer<typeof hypothesisStatusSchema>;

/** Hypotheses nest root, then factor, then solution; a new one is `root`. */
export const HYPOTHESIS_TYPES = ['root', 'factor', 'solution'] as const;
export const hypothesisTypeSchema = z.enum(HYPOTHESIS_TYPES);
export type HypothesisType = z.infer<typeof hypothesisTypeSchema>;

export const EVIDENCE_TYPES = [
  'log',
  'config',
  'topology',
  'check',
  'config_analysis',
  'config_change',
  'comment',
] as const;
export const evidenceTypeSchema = z.enum(EVIDENCE_TYPES);
export type EvidenceType = z.infer<typeof evidenceTypeSchema>;

/** Names of the incident events; they are also the incident history types. */
export const INCIDENT_EVENTS = [
  'incident.created',
  'incident.status_updated',
  'responder.created',
  'responder.commented',
  'hypothesis.created',
  'hypothesis.status_updated',
  'evidence.created',
  'evidence.done_definition_added',
] as const;
export type IncidentEvent = (typeof INCIDENT_EVENTS)[number];

const durationSchema = z
  .string()
  .refine((s) => parseDuration(s) !== undefined, { message: 'must be a duration such as 30s, 5m, 1h or 1d' });

/** A time of day `HH:MM` (24-hour, UTC), as hours of operation write it. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as 09:00 (UTC)');

/** Selects checks (or components) by id, name, namespace, type and labels (`k=v,k2!=v,k3`). */
export const resourceSelectorSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  types: z.array(z.string()).optional(),
  labelSelector: z.string().optional(),
});
export type ResourceSelector = z.infer<typeof resourceSelectorSchema>;

/**
 * `incident_rules.spec` in Mission Control's IncidentRule CRD shape. `checks` selects the checks the
 * rule watches, `components` topology components and `objectives` service level objectives (failing
 * while one of their alerts fires; `filter.category` names which: slo.burn.critical,
 * slo.burn.warning, slo.budget.exhausted); `filter.age` is how long a check must stay in a matching status before an
 * incident opens; autoResolve/autoClose count from the check's recovery. With
 * `hoursOfOperation`, incidents open only inside one of the windows (outside, when `negate`).
 */
export const incidentRuleSpecSchema = z.object({
  name: z.string().optional(),
  checks: z.array(resourceSelectorSchema).optional(),
  components: z.array(resourceSelectorSchema).optional(),
  objectives: z.array(resourceSelectorSchema).optional(),
  template: z
    .object({
      title: z.string().optional(),
      description: z.string().optional(),
      type: incidentTypeSchema.optional(),
      status: incidentStatusSchema.optional(),
      severity: incidentSeveritySchema.optional(),
      created_by: z.uuid().optional(),
      commander_id: z.uuid().optional(),
      communicator_id: z.uuid().optional(),
    })
    .optional(),
  filter: z
    .object({
      status: z.array(z.string()).optional(),
      severity: z.array(z.string()).optional(),
      category: z.array(z.string()).optional(),
      age: durationSchema.optional(),
    })
    .optional(),
  priority: z.number().int().optional(),
  breakOnMatch: z.boolean().optional(),
  autoResolve: z.object({ timeout: durationSchema }).optional(),
  autoClose: z.object({ timeout: durationSchema }).optional(),
  hoursOfOperation: z.array(z.object({ start: clockTime, end: clockTime, negate: z.boolean().optional() })).optional(),
  autoAssignOwner: z.boolean().optional(),
  responders: z.unknown().optional(),
});
export type IncidentRuleSpec = z.infer<typeof incidentRuleSpecSchema>;

/** What the Link to Incident form starts with. */
export const LINK_TO_INCIDENT_DEFAULTS = { severity: 'low', type: 'availability' } as const;

/**
 * The Link to Incident modal: an existing incident or a new title, a
 * severity and a type, and a hypothesis when the incident exists.
 */
export const linkToIncidentSchema = z
  .object({
    incident_id: z.string().optional(),
    title: z.string().trim().optional(),
    severity: z.preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(INCIDENT_SEVERITIES, { error: 'Please select incident severity' }),
    ),
    type: z.enum(INCIDENT_TYPES, { error: 'Please select an incident type' }),
    hypothesis_id: z.string().optional(),
    hypothesis_title: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.incident_id && !v.title) {
      ctx.addIssue({ code: 'custom', path: ['incident_id'], message: 'Must select or create an incident' });
    }
    if (v.incident_id && !v.hypothesis_id && !v.hypothesis_title) {
      ctx.addIssue({ code: 'custom', path: ['hypothesis_id'], message: 'Must select or create a hypothesis' });
    }
  });
export type LinkToIncident = z.infer<typeof linkToIncidentSchema>;
