import { canaryIssues } from '@opsdeck/schema';
import { z } from 'zod';
import { ResourceValidationError } from '../resourceYaml.js';

const NAME = /^[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$/;
const name = z.string().regex(NAME, 'lowercase letters, digits, -, _ and .');

/**
 * Kubernetes metadata of a Mission Control document: name and namespace are acted on, labels and
 * annotations kept; what a cluster adds (uid, resourceVersion...) is accepted and ignored, so
 * `kubectl get -o yaml` output applies unchanged.
 */
export const metadataSchema = z.looseObject({
  name,
  namespace: name.default('default'),
  labels: z.record(z.string(), z.string()).optional(),
  annotations: z.record(z.string(), z.string()).optional(),
});

/** A Mission Control resource of `kind` with a strict spec: an unknown field is refused with its path. */
export function crdSchema<K extends string, S extends z.ZodType>(kind: K, spec: S) {
  return z.strictObject({
    apiVersion: z.literal('mission-control.flanksource.com/v1').optional(),
    kind: z.literal(kind),
    metadata: metadataSchema,
    spec,
    // written by a cluster's controller, never by the author: accepted and ignored
    status: z.unknown().optional(),
  });
}

/** A validator throwing every problem with its path, as resource files report them. */
export function validator<S extends z.ZodType>(schema: S): (doc: unknown) => z.infer<S> {
  return (doc) => {
    const parsed = schema.safeParse(doc);
    if (!parsed.success) throw new ResourceValidationError(canaryIssues(parsed.error));
    return parsed.data;
  };
}

/** Issues a refusal for a field OpsDeck cannot act on, with its path and why. */
export function refused(path: string, reason: string): never {
  throw new ResourceValidationError([{ path, message: reason }]);
}

/** A CRD field OpsDeck accepts in the file but cannot act on: refused with `reason` when given. */
export const unsupported = (reason: string) =>
  z
    .unknown()
    .optional()
    .refine((v) => v === undefined, { message: reason });
