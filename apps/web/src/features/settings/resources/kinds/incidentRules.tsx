import { Age } from '../../../../ui/Age.js';
import { Avatar } from '../../../../ui/Avatar.js';
import { SeverityBadge } from '../../../incidents/components/Badges.js';
import type { ResourceKind } from '../types.js';
import { checkSpec, filtersSummary, NEW_RULE_SPEC, templateSeverity } from './incidentRuleSpec.js';

const REQUIRED = 'This field is required';

/** Who wrote a rule, embedded through `created_by`. */
type Author = { id: string; name: string; avatar: string | null } | null;

/**
 * Incident rules: the name on the form (fixed once saved), the spec (`checks:`, `components:`,
 * `objectives:` with `filter.category` naming the objective events, `filter:`, `template:`, ...) as the YAML document, checked as it is typed by the schema the
 * server validates with. Their Job History is the incident rules job: runs recorded for the rule
 * and the job's runs over all rules.
 */
export const incidentRulesKind: ResourceKind = {
  table: 'incident_rules',
  title: 'Incident Rules',
  noun: 'incident rule',
  resource: 'incident',
  listSelect: 'id,name,spec,source,created_at,updated_at,created_by(id,name,avatar)',
  columns: [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => <span className="font-medium">{String(r.name)}</span> },
    {
      id: 'filters',
      header: 'Filters',
      cell: (r) => {
        const summary = filtersSummary(r.spec);
        return (
          <span className="block max-w-md truncate text-xs text-zinc-600" title={summary}>
            {summary || <span className="text-zinc-400">all checks</span>}
          </span>
        );
      },
    },
    {
      id: 'severity',
      header: 'Severity',
      cell: (r) => {
        const severity = templateSeverity(r.spec);
        return severity ? <SeverityBadge severity={severity} /> : null;
      },
    },
    { id: 'source', header: 'Source', sortable: true, cell: (r) => String(r.source ?? 'UI') },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
    {
      id: 'created_by',
      header: 'Created By',
      cell: (r) => {
        const who = r.created_by as Author;
        return who ? (
          <span className="flex items-center gap-1.5 text-xs text-zinc-700">
            <Avatar user={who} size="xs" />
            {who.name}
          </span>
        ) : null;
      },
    },
  ],
  detailSelect: 'id,name,spec,source,created_at,updated_at',
  fields: [{ name: 'name', label: 'Name', kind: 'text', required: true, fixedOnceSaved: true }],
  yamlColumns: ['spec'],
  yamlRoot: 'spec',
  checkYaml: { check: checkSpec, valid: 'Valid incident rule spec' },
  blank: () => ({ name: '', spec: NEW_RULE_SPEC }),
  validate: (v): Record<string, string> => (String(v.name ?? '').trim() ? {} : { name: REQUIRED }),
  jobResourceType: 'incident_rule',
  jobsOfAllRows: true,
  crdKind: 'IncidentRule',
};
