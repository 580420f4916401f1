import type { CanaryResource } from '@opsdeck/schema';
import { applyTypeRules, connectionInputSchema } from '../connections/types.js';
import { validateCanary } from '../health/index.js';
import { notificationResourceSchema } from '../notifications/spec.js';
import type { ImportPlan, PlannedConnection } from './plan.js';

/** Why a planned connection would be refused when stored, or undefined. */
export function connectionProblem(c: PlannedConnection): string | undefined {
  const parsed = connectionInputSchema.safeParse(c);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') || 'connection'}: ${issue?.message ?? 'invalid'}`;
  }
  const { missing } = applyTypeRules(parsed.data);
  return missing.length ? `${missing.join(', ')} missing for a ${c.type} connection` : undefined;
}

/** Validates a canary the way the API does; the problem text when it would be refused. */
export function canaryProblem(canary: CanaryResource): string | undefined {
  try {
    validateCanary(canary);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Drops the rules the notification schema refuses (listing them as skipped). */
export function keepValidRules(plan: ImportPlan): void {
  plan.notifications = plan.notifications.filter((rule) => {
    const r = notificationResourceSchema.safeParse(rule);
    if (r.success) return true;
    const why = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    plan.skipped.push({ item: `notification rule "${rule.metadata.name}"`, message: why });
    return false;
  });
}
