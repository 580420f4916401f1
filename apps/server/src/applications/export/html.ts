import type { ApplicationReport } from '@opsdeck/schema';

/**
 * The audit report as one self-contained HTML page (inline style, no scripts, no remote assets):
 * every value escaped, so anything a scraper or an author wrote stays text. Opens in any browser
 * and prints like the report page.
 */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (v: unknown): string =>
  v === null || v === undefined ? '' : String(v).replace(/[&<>"']/g, (c) => ESC[c] as string);

type Cell = string | number | boolean | null | undefined;

function table(title: string, headers: string[], rows: Cell[][], empty: string): string {
  const body = rows.length
    ? `<table><thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
        .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`
    : `<p class="empty">${escapeHtml(empty)}</p>`;
  return `<section><h2>${escapeHtml(title)}</h2>${body}</section>`;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;color:#111827;margin:2rem auto;max-width:1100px;padding:0 1rem}
h1{font-size:1.6rem;margin:0}h2{font-size:1.1rem;border-bottom:1px solid #e5e7eb;padding-bottom:.25rem;margin-top:2rem}
table{border-collapse:collapse;width:100%;font-size:12px}th,td{border:1px solid #e5e7eb;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#f3f4f6}.meta{color:#4b5563}.empty{color:#6b7280;font-style:italic}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{color:#4b5563}section{break-inside:avoid-page}@media print{body{margin:0}}`;

export function reportHtml(r: ApplicationReport): string {
  const props = r.properties.filter((p) => !p.hidden);
  const details = `<section><h2>Details</h2><dl>
<dt>Namespace</dt><dd>${escapeHtml(r.namespace)}</dd><dt>Type</dt><dd>${escapeHtml(r.type ?? '')}</dd>
<dt>Created</dt><dd>${escapeHtml(r.createdAt)}</dd>${props
    .map(
      (p) =>
        `<dt>${escapeHtml(p.label ?? p.name ?? '')}</dt><dd>${escapeHtml(p.text ?? (p.value === undefined ? '' : `${p.value}${p.unit ? ` ${p.unit}` : ''}`))}</dd>`,
    )
    .join('')}</dl></section>`;
  const sections = r.sections.map((s) => {
    switch (s.type) {
      case 'view':
        return `<section><h2>${escapeHtml(s.title)}</h2><p class="meta">View ${escapeHtml(`${s.viewRef.namespace}/${s.viewRef.name}`)}${s.viewId ? '' : ' (not found)'}</p></section>`;
      case 'changes':
        return table(
          s.title,
          ['Date', 'Config', 'Type', 'Summary'],
          s.changes.map((c) => [c.date, c.config, c.changeType, c.summary]),
          'No changes',
        );
      case 'configs':
        return table(
          s.title,
          ['Name', 'Type', 'Health', 'Status'],
          s.configs.map((c) => [c.name, c.type, c.health, c.status]),
          'No configs',
        );
      case 'access':
        return table(
          s.title,
          ['User', 'Email', 'Role', 'Last login'],
          s.access.map((u) => [u.name, u.email, u.role, u.lastLogin]),
          'No access',
        );
      case 'accessLogs':
        return table(
          s.title,
          ['Date', 'User', 'Config', 'MFA', 'Count'],
          s.accessLogs.map((l) => [l.date, l.user, l.config, l.mfa, l.count]),
          'No logins',
        );
    }
    return '';
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(`${r.name} audit report`)}</title><style>${STYLE}</style></head><body>
<header><h1>${escapeHtml(r.name)}</h1><p class="meta">${escapeHtml(r.description ?? '')}</p>
<p class="meta">Audit report generated ${escapeHtml(r.generatedAt)}</p></header>
${details}
${table(
  'Access Control',
  ['User', 'Email', 'Role', 'Auth type', 'Granted', 'Last login', 'Last review'],
  r.accessControl.users.map((u) => [u.name, u.email, u.role, u.authType, u.created, u.lastLogin, u.lastAccessReview]),
  'No access recorded',
)}
${table(
  'Authentication',
  ['Auth type', 'Users', 'Logins', 'MFA logins', 'Last login'],
  r.accessControl.authentication.map((a) => [a.authType, a.users, a.logins, a.mfaLogins, a.lastLogin]),
  'No logins recorded',
)}
${table(
  'Changes',
  ['Date', 'Config', 'Type', 'Severity', 'Summary', 'By'],
  r.changes.map((c) => [c.date, c.config, c.changeType, c.severity, c.summary, c.createdBy]),
  'No changes',
)}
${table(
  'Incidents',
  ['ID', 'Title', 'Severity', 'Status', 'Created', 'Resolved'],
  r.incidents.map((i) => [i.incidentId, i.title, i.severity, i.status, i.created, i.resolved]),
  'No incidents',
)}
${table(
  'Backups',
  ['Date', 'Database', 'Type', 'Status', 'Size', 'Source'],
  r.backups.map((b) => [b.date, b.database, b.type, b.status, b.size, b.source]),
  'No backups',
)}
${table(
  'Restores',
  ['Date', 'Database', 'Status', 'Completed', 'Source'],
  r.restores.map((x) => [x.date, x.database, x.status, x.completedAt, x.source]),
  'No restores',
)}
${table(
  'Findings',
  ['Severity', 'Type', 'Title', 'Config', 'Status', 'Last observed'],
  r.findings.map((f) => [f.severity, f.type, f.title, f.config, f.status, f.lastObserved]),
  'No findings',
)}
${table(
  'Locations',
  ['Environment', 'Purpose', 'Provider', 'Account', 'Region', 'Type', 'Resources'],
  r.locations.map((l) => [l.name, l.purpose, l.provider, l.account, l.region, l.type, l.resourceCount]),
  'No locations',
)}
${sections.join('\n')}
</body></html>
`;
}
