import { type ParsedResource, parseResourceFile, ResourceFileError, ResourceValidationError } from '../resourceYaml.js';
import type { Applicable } from './kind.js';
import { APPLY_KINDS, REFUSED_KINDS } from './registry.js';

/** The largest YAML text `apply` reads, per file or request body: a bigger one is refused unread. */
export const MAX_APPLY_BYTES = 4 * 1024 * 1024;

/** A validated document, its kind and where it was in its file (for messages). */
export interface ApplyDocument extends ParsedResource<Applicable> {
  where: string;
}

const refusedKind = (reason: string) => () => {
  throw new ResourceValidationError([{ path: 'kind', message: reason }]);
};

const VALIDATORS: Record<string, (doc: unknown) => Applicable> = {
  ...Object.fromEntries(Object.entries(APPLY_KINDS).map(([k, v]) => [k, v.validate])),
  ...Object.fromEntries(Object.entries(REFUSED_KINDS).map(([k, reason]) => [k, refusedKind(reason)])),
};

/**
 * Reads the documents of one YAML text (`file` names it in messages): size and alias limits,
 * then each document validated by its kind. Throws ResourceFileError listing every problem with
 * its document and path; nothing is returned unless every document is valid.
 */
export function readApplyDocuments(text: string, file: string): ApplyDocument[] {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_APPLY_BYTES)
    throw new ResourceFileError(file, [
      `${file}: ${(bytes / 1024 / 1024).toFixed(1)} MB is more than the ${MAX_APPLY_BYTES / 1024 / 1024} MB apply reads at once: split the file`,
    ]);
  const parsed = parseResourceFile(text, file, VALIDATORS);
  return parsed.map((p) => ({
    ...p,
    where: `${file}: ${p.kind} ${p.resource.metadata.namespace ?? 'default'}/${p.resource.metadata.name}`,
  }));
}
