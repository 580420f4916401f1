import {
  type CanaryIssue,
  type CanaryResource,
  canaryChecks,
  canaryIssues,
  canarySchedule,
  canarySchema,
  formatPath,
} from '@opsdeck/schema';
import { parseAllDocuments } from 'yaml';
import { ALIAS_BOMB_MESSAGE, isAliasBomb, MAX_ALIAS_COUNT } from '../yamlAliases.js';
import { checkExpressionIssues } from './execute.js';
import { parseSchedule, ScheduleError } from './schedule.js';

/** A Canary document that failed validation: every problem with the path that has it. */
export class CanaryValidationError extends Error {
  constructor(readonly issues: CanaryIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
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
export class CanaryFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(problems.join('\n'));
  }
}

/**
 * Parses a YAML (or JSON) text holding one or more Canary documents separated by `---`.
 * Empty documents are skipped; any invalid document fails the whole file so nothing half-applies.
 */
export function parseCanaryFile(text: string, file = 'input'): CanaryResource[] {
  const docs = parseAllDocuments(text, { prettyErrors: true });
  const problems: string[] = [];
  const canaries: CanaryResource[] = [];
  const many = Array.isArray(docs) && docs.length > 1;
  const list = Array.isArray(docs) ? docs : [];
  list.forEach((doc, i) => {
    const where = many ? `${file} (document ${i + 1})` : file;
    if (doc.errors.length) {
      for (const e of doc.errors) problems.push(`${where}: invalid YAML: ${e.message.split('\n')[0]}`);
      return;
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (err) {
      if (!isAliasBomb(err)) throw err;
      problems.push(`${where}: invalid YAML: ${ALIAS_BOMB_MESSAGE}`);
      return;
    }
    if (value === null || value === undefined) return;
    try {
      canaries.push(validateCanary(value));
    } catch (err) {
      if (!(err instanceof CanaryValidationError)) throw err;
      for (const issue of err.issues) problems.push(`${where}: ${issue.path}: ${issue.message}`);
    }
  });
  if (problems.length) throw new CanaryFileError(file, problems);
  if (!canaries.length) throw new CanaryFileError(file, [`${file}: no Canary documents found`]);
  return canaries;
}
