import {
  type CanaryIssue,
  type CanaryResource,
  canaryChecks,
  canaryIssues,
  canarySchedule,
  canarySchema,
  formatPath,
} from '@opsdeck/schema';
import { parseResourceFile, ResourceValidationError } from '../resourceYaml.js';
import { checkExpressionIssues } from './execute.js';
import { parseSchedule, ScheduleError } from './schedule.js';

/** A Canary document that failed validation: every problem with the path that has it. */
export class CanaryValidationError extends ResourceValidationError {
  constructor(issues: CanaryIssue[]) {
    super(issues);
  }
}

/**
 * Validates one Canary document (already parsed from YAML or JSON): the zod schema of the
 * registered check types, the syntax of every check's expressions, then the schedule with the
 * cron parser the scheduler uses.
 */
export function validateCanary(doc: unknown): CanaryResource {
  const parsed = canarySchema().safeParse(doc);
  if (!parsed.success) throw new CanaryValidationError(canaryIssues(parsed.error));
  const canary = parsed.data;
  const expressions = expressionIssues(canary);
  if (expressions.length) throw new CanaryValidationError(expressions);
  try {
    parseSchedule(canarySchedule(canary.spec), canary.metadata.name);
  } catch (err) {
    if (err instanceof ScheduleError) {
      throw new CanaryValidationError([{ path: 'spec.schedule', message: err.message }]);
    }
    throw err;
  }
  return canary;
}

/** Expressions of the canary's checks that do not parse, each with its path in the document. */
function expressionIssues(canary: CanaryResource): CanaryIssue[] {
  const index = new Map<string, number>();
  const out: CanaryIssue[] = [];
  for (const { type, check } of canaryChecks(canary.spec)) {
    const i = index.get(type) ?? 0;
    index.set(type, i + 1);
    for (const issue of checkExpressionIssues(check)) {
      out.push({ path: formatPath(['spec', type, i, ...issue.path]), message: issue.message });
    }
  }
  return out;
}

/** A YAML file's problems, each prefixed with the file and document number. */
export { ResourceFileError as CanaryFileError } from '../resourceYaml.js';

/**
 * Parses a YAML (or JSON) text holding one or more Canary documents separated by `---`.
 * Empty documents are skipped; any invalid document fails the whole file so nothing half-applies.
 */
export function parseCanaryFile(text: string, file = 'input'): CanaryResource[] {
  return parseResourceFile(text, file, { Canary: validateCanary }).map((r) => r.resource);
}
