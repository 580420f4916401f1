import {
  canaryIssues,
  OBJECTIVE_API_VERSION,
  OBJECTIVE_KIND,
  type ServiceLevelObjective,
  serviceLevelObjectiveSchema,
} from '@opsdeck/schema';
import { ResourceValidationError } from '../resourceYaml.js';

/** Validates a whole ServiceLevelObjective document; every problem is thrown with its path. */
export function validateObjective(doc: unknown): ServiceLevelObjective {
  const parsed = serviceLevelObjectiveSchema.safeParse(doc);
  if (!parsed.success) throw new ResourceValidationError(canaryIssues(parsed.error));
  return parsed.data;
}

/** The document a stored row stands for (the settings editor saves name, namespace and spec). */
export const objectiveDocument = (name: string, namespace: string, spec: unknown) => ({
  apiVersion: OBJECTIVE_API_VERSION,
  kind: OBJECTIVE_KIND,
  metadata: { name, namespace },
  spec,
});
