import {
  evidenceTypeSchema,
  hypothesisStatusSchema,
  hypothesisTypeSchema,
  incidentRuleSpecSchema,
  incidentSeveritySchema,
  incidentStatusSchema,
  incidentTypeSchema,
} from '@opsdeck/schema';
import { z } from 'zod';
import { badRequest } from '../errors.js';

/** A JSON object as a write body carries it. */
export type Row = Record<string, unknown>;

const text = z.string().trim().min(1, 'must not be empty');

// Only the columns the product constrains; other columns pass through to the table's own checks.
// `null` is accepted where the database fills a default (status, severity, type).
const writeSchemas = {
  incidents: z.looseObject({
    title: text.optional(),
    status: incidentStatusSchema.nullish(),
    severity: incidentSeveritySchema.nullish(),
    type: incidentTypeSchema.nullish(),
  }),
  hypotheses: z.looseObject({
    title: text.optional(),
    status: hypothesisStatusSchema.nullish(),
    type: hypothesisTypeSchema.nullish(),
  }),
  evidences: z.looseObject({ type: evidenceTypeSchema.optional() }),
  comments: z.looseObject({ comment: text.optional() }),
  responders: z.looseObject({}),
  incident_rules: z.looseObject({ name: text.optional(), spec: incidentRuleSpecSchema.nullish() }),
} as const;

/** What a POST to the table must carry: each entry is a set of columns of which one is needed. */
const required: Record<keyof typeof writeSchemas, string[][]> = {
  incidents: [['title']],
  hypotheses: [['title'], ['incident_id']],
  evidences: [['hypothesis_id'], ['type']],
  comments: [['comment'], ['incident_id', 'hypothesis_id']],
  responders: [['incident_id'], ['person_id', 'team_id', 'external_id']],
  incident_rules: [['name']],
};

export type ValidatedTable = keyof typeof writeSchemas;

/**
 * Checks one POST row or PATCH body of an incident table against the spec's enums and required
 * fields, and returns it normalised (severities lower-cased). Throws a 400 naming the field.
 */
export function validateIncidentWrite(table: ValidatedTable, row: Row, mode: 'insert' | 'update'): Row {
  if (mode === 'insert') {
    for (const anyOf of required[table]) {
      if (anyOf.every((c) => row[c] === undefined || row[c] === null)) {
        throw badRequest(`${anyOf.join(' or ')} is required`);
      }
    }
  }
  const parsed = writeSchemas[table].safeParse(row);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || table;
    throw badRequest(`${field}: ${issue?.message ?? 'invalid value'}`);
  }
  // keep the caller's keys: the schema only normalises values it knows
  const out: Row = { ...row };
  for (const key of Object.keys(row)) {
    if (key in parsed.data && table !== 'incident_rules') out[key] = (parsed.data as Row)[key];
  }
  return out;
}
