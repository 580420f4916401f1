import { z } from 'zod';
import { unsupportedField } from '../canary/checks/common.js';

const keyRefSchema = z.strictObject({ name: z.string().min(1), key: z.string().min(1) });

/**
 * A credential as views write it: a static `value`, or `valueFrom` a secret or config map key
 * (both name a stored connection and one of its fields). `helmRef` and `serviceAccount` read
 * Kubernetes objects and are refused with that reason.
 */
export const viewEnvVarSchema = z
  .strictObject({
    name: z.string().optional(),
    value: z.string().optional(),
    valueFrom: z
      .strictObject({
        secretKeyRef: keyRefSchema.optional(),
        configMapKeyRef: keyRefSchema.optional(),
        helmRef: unsupportedField(
          'helmRef reads a Helm release from Kubernetes, which OpsDeck does not run on; use secretKeyRef (a stored connection)',
        ),
        serviceAccount: unsupportedField(
          'serviceAccount asks Kubernetes for a token, which OpsDeck does not run on; use secretKeyRef (a stored connection)',
        ),
      })
      .refine((v) => !(v.secretKeyRef && v.configMapKeyRef), 'set only one of secretKeyRef or configMapKeyRef')
      .optional(),
  })
  .refine((v) => !(v.value !== undefined && v.valueFrom), 'set either value or valueFrom, not both');
export type ViewEnvVar = z.infer<typeof viewEnvVarSchema>;
