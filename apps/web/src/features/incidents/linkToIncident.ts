import type { EvidenceType, LinkToIncident } from '@opsdeck/schema';
import { createEvidence, createHypothesis, createIncident, type EvidenceTarget } from './api.js';

/** The evidence type of a linked resource: a check, a config item or a topology component. */
export function evidenceTypeOf(target: EvidenceTarget): EvidenceType {
  if (target.check_id) return 'check';
  if (target.config_change_id) return 'config_change';
  if (target.config_analysis_id) return 'config_analysis';
  if (target.config_id) return 'config';
  return 'topology';
}

/**
 * Attaches `target` as evidence: to a new incident (with a root hypothesis named after it) or to
 * an existing incident's hypothesis, new or chosen. Returns the incident's id for the toast link.
 */
export async function linkToIncident(
  form: LinkToIncident,
  target: EvidenceTarget,
  description: string,
): Promise<{ incidentId: string }> {
  let incidentId = form.incident_id;
  let hypothesisId = form.hypothesis_id;
  if (!incidentId) {
    const title = form.title ?? '';
    const incident = await createIncident({ title, severity: form.severity, type: form.type });
    incidentId = incident.id;
    const root = await createHypothesis({ incident_id: incidentId, title, type: 'root', status: 'possible' });
    hypothesisId = root.id;
  } else if (!hypothesisId) {
    const title = form.hypothesis_title ?? '';
    const created = await createHypothesis({ incident_id: incidentId, title, type: 'root', status: 'possible' });
    hypothesisId = created.id;
  }
  await createEvidence({
    ...target,
    hypothesis_id: hypothesisId as string,
    type: evidenceTypeOf(target),
    description,
  });
  return { incidentId };
}
