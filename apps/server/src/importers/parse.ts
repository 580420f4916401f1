import { planGatusImport } from './gatus/index.js';
import { planKumaImport } from './kuma/index.js';
import { checkPlanSizes } from './limits.js';
import { IMPORT_SOURCES, type ImportPlan, type ImportSource } from './plan.js';

const NAMESPACE = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/** Plans an import of `text` (a Kuma backup or a Gatus config) into `namespace` (the source's name by default). */
export function planImport(source: ImportSource, text: string, namespace?: string): ImportPlan {
  if (!IMPORT_SOURCES.includes(source)) throw new Error(`unknown import source "${source}"`);
  const ns = namespace ?? source;
  if (!NAMESPACE.test(ns) || ns.length > 63)
    throw new RangeError('namespace: lowercase letters, digits, dots and dashes');
  const plan = source === 'kuma' ? planKumaImport(text, ns) : planGatusImport(text, ns);
  checkPlanSizes(plan);
  return plan;
}
