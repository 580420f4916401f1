import {
  type CanaryIssue,
  type CanaryResource,
  canaryChecks,
  canaryIssues,
  canarySchedule,
  canarySchema,
  formatPath,
  scheduleProblem,
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
export function validateCanary(doc: unknown, options: ParseOptions = {}): CanaryResource {
  if (options.onScheduleProblem) doc = withoutBadSchedule(doc, options.onScheduleProblem);
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

/** How lenient parsing is: by default every problem refuses the document. */
export interface ParseOptions {
  /**
   * Called (instead of refusing) for a `spec.schedule` OpsDeck cannot parse; the canary is then
   * validated as if it had none. Only `opsdeck run` passes it: it runs once and needs no schedule.
   */
  onScheduleProblem?: (issue: CanaryIssue) => void;
}

/** `doc` without its `spec.schedule` when that schedule does not parse (reported to `warn`). */
function withoutBadSchedule(doc: unknown, warn: (issue: CanaryIssue) => void): unknown {
  if (!isRecord(doc) || !isRecord(doc.spec) || typeof doc.spec.schedule !== 'string') return doc;
  const schedule = doc.spec.schedule;
  let problem = scheduleProblem(schedule);
  if (!problem && schedule.trim()) {
    try {
      parseSchedule(schedule, 'lenient');
    } catch (err) {
      if (!(err instanceof ScheduleError)) throw err;
      problem = err.message;
    }
  }
  if (!problem) return doc;
  warn({ path: 'spec.schedule', message: problem });
  const { schedule: _dropped, ...spec } = doc.spec;
  return { ...doc, spec };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
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
export function parseCanaryFile(text: string, file = 'input', options: ParseOptions = {}): CanaryResource[] {
  const lenient = options.onScheduleProblem;
  const validate = (doc: unknown) =>
    validateCanary(
      doc,
      lenient
        ? { onScheduleProblem: (issue: CanaryIssue) => lenient({ ...issue, path: `${file}: ${issue.path}` }) }
        : {},
    );
  return parseResourceFile(text, file, { Canary: validate }).map((r) => r.resource);
}
