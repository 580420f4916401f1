import type { DayStatus, PublicStatusPage } from '@opsdeck/schema';
import { LOCAL_TIMES_PATH, timeTag } from './localTimes.js';

/** HTML-escapes text for element content and double-quoted attributes. */
export function esc(v: unknown): string {
  return String(v ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const COLORS: Record<DayStatus | 'unknown', string> = {
  operational: '#16a34a',
  degraded: '#f59e0b',
  outage: '#dc2626',
  maintenance: '#3b82f6',
  nodata: '#d4d4d8',
  unknown: '#a1a1aa',
};

const LABELS: Record<string, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  outage: 'Outage',
  maintenance: 'Under maintenance',
  unknown: 'Unknown',
  nodata: 'No data',
};

const BANNERS: Record<PublicStatusPage['status'], string> = {
  operational: 'All systems operational',
  degraded: 'Some systems are having problems',
  outage: 'Major outage',
  maintenance: 'Maintenance in progress',
};

// one script of our own (script-src 'self' under the app's CSP), only to show times in the visitor's zone
const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#fafafa;color:#18181b}
main{max-width:860px;margin:0 auto;padding:24px}header{display:flex;align-items:center;gap:12px}
header img{max-height:40px}h1{font-size:24px;margin:0}.banner{border-radius:6px;color:#fff;padding:14px 16px;margin:20px 0;font-weight:600}
section{background:#fff;border:1px solid #e4e4e7;border-radius:6px;margin:16px 0;padding:12px 16px}
h2{font-size:16px;margin:4px 0 12px}.item{margin:12px 0}.row{display:flex;justify-content:space-between;font-size:14px}
.bars{display:flex;gap:1px;margin-top:6px}.bars span{flex:1;height:28px;border-radius:2px}
.muted{color:#71717a;font-size:12px}.update{border-left:3px solid #e4e4e7;padding-left:8px;margin:8px 0;font-size:14px;white-space:pre-wrap}`;

// floored, so 99.996% never reads as 100.00%
const pct = (u: number | null) => (u === null ? 'no data' : `${(Math.floor(u * 10_000) / 100).toFixed(2)}% uptime`);

function renderItem(item: PublicStatusPage['groups'][number]['items'][number]): string {
  const bars = item.days
    .map(
      (d) =>
        `<span style="background:${COLORS[d.status]}" title="${esc(d.date)}: ${esc(LABELS[d.status])}${
          d.uptime === null ? '' : ` (${esc(pct(d.uptime))})`
        }"></span>`,
    )
    .join('');
  return `<div class="item"><div class="row"><strong>${esc(item.name)}</strong><span style="color:${
    COLORS[item.status]
  }">${esc(LABELS[item.status])}</span></div><div class="bars" aria-label="last ${item.days.length} days">${bars}</div>
<div class="row muted"><span>${item.days.length} days ago</span><span>${esc(pct(item.uptime))}</span><span>Today</span></div></div>`;
}

function renderIncidents(incidents: PublicStatusPage['incidents']): string {
  if (incidents.length === 0) return '';
  const body = incidents
    .map(
      (i) =>
        `<article><h3 style="font-size:15px;margin:8px 0 4px">${esc(i.title)}</h3><div class="muted">${esc(
          i.status,
        )} · since ${timeTag(i.startedAt, esc)}</div>${i.updates
          .map(
            (u) =>
              `<div class="update"><strong>${esc(u.status)}</strong> · <span class="muted">${timeTag(u.at, esc)}</span>\n${esc(u.message)}</div>`,
          )
          .join('')}</article>`,
    )
    .join('');
  return `<section id="incidents"><h2>Incidents</h2>${body}</section>`;
}

function renderMaintenance(windows: PublicStatusPage['maintenance']): string {
  if (windows.length === 0) return '';
  const body = windows
    .map(
      (w) =>
        `<div class="update"><strong>${esc(w.name)}</strong>${w.active ? ' · <em>in progress</em>' : ''}<div class="muted">${timeTag(
          w.start,
          esc,
        )} – ${timeTag(w.end, esc)}</div>${w.description ? `\n${esc(w.description)}` : ''}</div>`,
    )
    .join('');
  return `<section id="maintenance"><h2>Scheduled maintenance</h2>${body}</section>`;
}

/** The objectives' attainment against their targets, one row each. */
function renderObjectives(objectives: PublicStatusPage['objectives']): string {
  if (objectives.length === 0) return '';
  const rows = objectives
    .map(
      (o) =>
        `<div class="row"><span>${esc(o.name)}</span><span>${esc(
          o.attainment === null ? 'no data' : `${o.attainment.toFixed(2)}%`,
        )} <span class="muted">(target ${esc(String(o.target))}% over ${esc(o.window)})</span></span></div>`,
    )
    .join('');
  return `<section id="objectives"><h2>Service level objectives</h2>${rows}</section>`;
}

/** The whole page as HTML, every value escaped; its one script only localizes times. */
export function renderStatusPage(page: PublicStatusPage, jsonHref: string): string {
  const logo = page.logoUrl ? `<img src="${esc(page.logoUrl)}" alt="">` : '';
  const groups = page.groups
    .map(
      (g) =>
        `<section><h2>${esc(g.name)}</h2>${g.items.map(renderItem).join('') || '<p class="muted">Nothing to show.</p>'}</section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="60">
<title>${esc(page.title)}</title><style>${STYLE}</style></head><body><main>
<header>${logo}<h1>${esc(page.title)}</h1></header>${page.description ? `<p>${esc(page.description)}</p>` : ''}
<div class="banner" style="background:${COLORS[page.status === 'maintenance' ? 'maintenance' : page.status]}">${esc(
    BANNERS[page.status],
  )}</div>${renderIncidents(page.incidents)}${renderMaintenance(page.maintenance)}${renderObjectives(page.objectives)}${groups}
<p class="muted"><span id="time-zone">Times in UTC.</span> <a href="${esc(jsonHref)}">JSON</a></p></main>
<script src="${LOCAL_TIMES_PATH}"></script></body></html>`;
}

/** The small page answered for an unknown slug (no hint of which slugs exist). */
export function renderNotFound(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><p>No status page here.</p></body></html>`;
}
