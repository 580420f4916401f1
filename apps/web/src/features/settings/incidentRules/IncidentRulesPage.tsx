import { useParams } from 'react-router';
import { IncidentRuleDetail } from './IncidentRuleDetail.js';
import { IncidentRulesList } from './IncidentRulesList.js';

/** /settings/incident_rules and /settings/incident_rules/:id (`new` for a rule not saved yet). */
export function IncidentRulesPage() {
  const { id } = useParams();
  return id ? <IncidentRuleDetail id={id} /> : <IncidentRulesList />;
}
