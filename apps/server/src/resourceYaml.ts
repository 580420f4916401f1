import { parseAllDocuments } from 'yaml';
import { ALIAS_BOMB_MESSAGE, isAliasBomb, MAX_ALIAS_COUNT } from './yamlAliases.js';

/**
 * Kubernetes-style YAML files (ARCHITECTURE.md section 9): one or more documents separated by
 * `---`, each validated by the validator of its `kind`. Canaries, ScrapeConfigs and the kinds to
 * come share this loop, so every file reports its problems the same way.
 */

/** One problem of a document: the dotted path (`spec.file[0].paths`) and what is wrong. */
export interface ResourceIssue {
  path: string;
  message: string;
}

/** A document that failed validation: every problem with the path that has it. */
export class ResourceValidationError extends Error {
  constructor(readonly issues: ResourceIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  }
}

/** A YAML file's problems, each prefixed with the file and document number. */
export class ResourceFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(problems.join('\n'));
  }
}

/** A validated document and its kind. */
export interface ParsedResource<T> {
  kind: string;
  resource: T;
}

/**
 * Parses a YAML (or JSON) text and validates each document with `validators[kind]`; with a single
 * validator every document goes through it (its own kind check names the mismatch). Empty
 * documents are skipped; any invalid document fails the whole file so nothing half-applies.
 */
export function parseResourceFile<T>(
  text: string,
  file: string,
  validators: Record<string, (doc: unknown) => T>,
): Array<ParsedResource<T>> {
  const docs = parseAllDocuments(text, { prettyErrors: true });
  const list = Array.isArray(docs) ? docs : [];
  const kinds = Object.keys(validators);
  const many = list.length > 1;
  const problems: string[] = [];
  const out: Array<ParsedResource<T>> = [];
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
    const kind = (value as { kind?: unknown }).kind;
    const validate =
      typeof kind === 'string' && Object.hasOwn(validators, kind)
        ? validators[kind]
        : kinds.length === 1
          ? validators[kinds[0] as string]
          : undefined;
    if (!validate) {
      problems.push(`${where}: kind: expected ${kinds.join(' or ')}`);
      return;
    }
    try {
      const resource = validate(value);
      out.push({ kind: typeof kind === 'string' ? kind : (kinds[0] as string), resource });
    } catch (err) {
      if (!(err instanceof ResourceValidationError)) throw err;
      for (const issue of err.issues) problems.push(`${where}: ${issue.path}: ${issue.message}`);
    }
  });
  if (problems.length) throw new ResourceFileError(file, problems);
  if (!out.length) throw new ResourceFileError(file, [`${file}: no ${kinds.join(' or ')} documents found`]);
  return out;
}
