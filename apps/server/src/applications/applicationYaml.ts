import { type ApplicationResource, applicationSchema, canaryIssues } from '@opsdeck/schema';
import { parseResourceFile, ResourceValidationError } from '../resourceYaml.js';

/** An Application document that failed validation: every problem with its path. */
export class ApplicationValidationError extends ResourceValidationError {}

/** Validates one Application document (parsed YAML or JSON); problems name their path (`spec.mapping.logins[0].types`). */
export function validateApplication(doc: unknown): ApplicationResource {
  const parsed = applicationSchema.safeParse(doc);
  if (!parsed.success) throw new ApplicationValidationError(canaryIssues(parsed.error));
  return parsed.data;
}

/** Parses a YAML (or JSON) text holding one or more Application documents. */
export function parseApplicationFile(text: string, file = 'input'): ApplicationResource[] {
  return parseResourceFile(text, file, { Application: validateApplication }).map((r) => r.resource);
}
