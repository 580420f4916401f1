/** Title and body used when a rule leaves them empty, per event family (Go templates, markdown body). */
interface DefaultTemplate {
  title: string;
  body: string;
}

const CHECK_BODY = [
  '**Canary:** {{.canary.namespace}}/{{.canary.name}}',
  '**Type:** {{.check.type}}',
  '{{if .check_status.message}}**Message:** {{.check_status.message}}{{end}}',
  '{{if .check_status.error}}**Error:** {{.check_status.error}}{{end}}',
  '{{if .permalink}}[Open in OpsDeck]({{.permalink}}){{end}}',
].join('\n');

const TEMPLATES: Record<string, DefaultTemplate> = {
  'check.failed': { title: 'Check {{.check.name}} has failed', body: CHECK_BODY },
  'check.passed': { title: 'Check {{.check.name}} has passed', body: CHECK_BODY },
};

const FAMILY: Record<string, DefaultTemplate> = {
  config: {
    title: '{{.config.type}} {{.config.name}}: {{.source_event}}',
    body: '{{if .config.description}}{{.config.description}}{{end}}\n{{if .permalink}}[Open in OpsDeck]({{.permalink}}){{end}}',
  },
  component: {
    title: 'Component {{.component.name}}: {{.source_event}}',
    body: '{{if .component.status_reason}}{{.component.status_reason}}{{end}}\n{{if .permalink}}[Open in OpsDeck]({{.permalink}}){{end}}',
  },
  // objectives' events describe the objective as `resource` (resources.ts lookupResource)
  slo: {
    title: 'Objective {{.resource.name}}: {{.source_event}}',
    body: '**Attainment:** {{.resource.attainment}}% (target {{.resource.target}}% over {{.resource.window}})\n{{if .permalink}}[Open in OpsDeck]({{.permalink}}){{end}}',
  },
  incident: {
    title: 'Incident {{.incident.title}}: {{.source_event}}',
    body: '{{if .incident.description}}{{.incident.description}}{{end}}\n{{if .permalink}}[Open in OpsDeck]({{.permalink}}){{end}}',
  },
};

/** The default title and body of an event. */
export function defaultTemplate(event: string): DefaultTemplate {
  return (
    TEMPLATES[event] ??
    FAMILY[event.split('.')[0] ?? ''] ?? { title: '{{.source_event}}: {{.resource.name}}', body: '' }
  );
}

/** Drops the blank lines that unset optional fields leave behind. */
export function tidyBody(text: string): string {
  return text
    .split('\n')
    .filter((line, i, all) => line.trim() !== '' || (i > 0 && all[i - 1]?.trim() !== '' && i < all.length - 1))
    .join('\n')
    .trim();
}
