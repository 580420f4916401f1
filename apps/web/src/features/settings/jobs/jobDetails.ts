// What the 'Details for job {name}' modal shows: errors as a
// string, a list of strings, or a map of key to {error: {error}}; the scrape summary; the
// reconcile summary. Only non-empty parts become tabs; with none, no modal opens.

/** The `details` of a job_history row. */
export interface JobDetails {
  errors?: unknown;
  scrape_summary?: unknown;
  summary?: unknown;
}

/** One error line: where it came from (a map key) and its text. */
export interface JobError {
  key?: string;
  message: string;
}

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const inner = (value as { error?: unknown }).error;
    if (typeof inner === 'string') return inner;
    if (inner && typeof inner === 'object' && typeof (inner as { error?: unknown }).error === 'string')
      return (inner as { error: string }).error;
  }
  return JSON.stringify(value);
}

/** The errors of a job, whatever shape they were recorded in. */
export function jobErrors(details: JobDetails | null | undefined): JobError[] {
  const errors = details?.errors;
  if (!errors) return [];
  if (typeof errors === 'string') return errors.trim() ? [{ message: errors }] : [];
  if (Array.isArray(errors)) return errors.map((e) => ({ message: messageOf(e) })).filter((e) => e.message);
  if (typeof errors === 'object')
    return Object.entries(errors as Record<string, unknown>).map(([key, v]) => ({ key, message: messageOf(v) }));
  return [{ message: String(errors) }];
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'object' && Object.keys(v as object).length === 0) || v === '';

/** The tabs the details modal shows for these details, in a fixed order. */
export function jobDetailTabs(details: JobDetails | null | undefined): Array<'errors' | 'scrape_summary' | 'summary'> {
  const tabs: Array<'errors' | 'scrape_summary' | 'summary'> = [];
  if (jobErrors(details).length) tabs.push('errors');
  if (!isEmpty(details?.scrape_summary)) tabs.push('scrape_summary');
  if (!isEmpty(details?.summary)) tabs.push('summary');
  return tabs;
}

/** Where a job's resource is shown, by resource type; undefined when it has no page. */
export function jobResourceLink(type: string | null, id: string | null): string | undefined {
  if (!type || !id) return undefined;
  const e = encodeURIComponent(id);
  switch (type) {
    case 'canary':
      return `/settings/canaries/${e}`;
    case 'config_scraper':
      return `/catalog/scrapers/${e}`;
    case 'topology':
      return `/settings/topologies/${e}`;
    case 'incident_rule':
      return `/settings/incident_rules/${e}`;
    case 'team':
      return `/settings/teams/${e}`;
    case 'playbook':
      return `/playbooks/${e}`;
    case 'agent':
      return `/settings/agents?id=${e}`;
    case 'notification':
      return `/notifications/rules?id=${e}`;
    case 'component':
      return `/topology/${e}`;
    case 'config':
      return `/catalog/${e}`;
    default:
      return undefined;
  }
}
