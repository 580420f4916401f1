import { ACTIVE_INCIDENT_STATUSES, type PublicStatusPage, statusPageSpecSchema } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { occurrences } from '../maintenance/spec.js';
import { loadMaintenanceWindows, type MaintenanceWindow, windowCovers } from '../maintenance/windows.js';
import { computeObjective, loadShared } from '../objectives/figures.js';
import { loadObjectives } from '../objectives/store.js';
import { DAY_MS, dailyBars, hourlyResults } from './bars.js';
import { liveChecks, liveComponents, type PageItem, selectItems } from './items.js';

export const BAR_DAYS = 90;
type Item = PublicStatusPage['groups'][number]['items'][number];

/** The maintenance intervals over an item (its own windows and, for a component, its checks'). */
function intervalsOf(
  item: PageItem,
  windows: MaintenanceWindow[],
  checksById: Map<string, PageItem>,
  from: number,
  to: number,
) {
  const out: Array<[number, number]> = [];
  for (const w of windows) {
    const covers =
      windowCovers(w, item.target, item) ||
      (item.target === 'component' &&
        item.checkIds.some((id) => {
          const c = checksById.get(id);
          return c !== undefined && windowCovers(w, 'check', c);
        }));
    if (covers) out.push(...occurrences(w.window, from, to));
  }
  return out;
}

function currentStatus(item: PageItem, underMaintenance: boolean): Item['status'] {
  if (underMaintenance) return 'maintenance';
  if (item.health === 'healthy') return 'operational';
  if (item.health === 'unhealthy') return 'outage';
  if (item.health === 'warning') return 'degraded';
  return 'unknown';
}

function pageStatus(items: Item[]): PublicStatusPage['status'] {
  const known = items.filter((i) => i.status !== 'unknown');
  if (known.length && known.every((i) => i.status === 'outage')) return 'outage';
  if (known.some((i) => i.status === 'outage' || i.status === 'degraded')) return 'degraded';
  if (known.some((i) => i.status === 'maintenance')) return 'maintenance';
  return 'operational';
}

/**
 * Everything /status/{slug} shows, read for an anonymous visitor: the page's own fields, the names,
 * current status and daily bars of the items its selectors match (never their ids, labels or
 * messages), open incidents marked public with their public updates only, and the maintenance
 * over its items from now to `maintenanceDaysAhead` days ahead. Null when no live page has the slug.
 */
export async function publicStatusPage(db: Executor, slug: string, now: Date): Promise<PublicStatusPage | null> {
  const { rows } = await sql<{ title: string; description: string; logo_url: string | null; spec: unknown }>`
    select title, description, logo_url, spec from status_pages where name = ${slug} and deleted_at is null`.execute(
    db,
  );
  const page = rows[0];
  if (!page) return null;
  const parsed = statusPageSpecSchema.safeParse(page.spec);
  const spec = parsed.success ? parsed.data : {};
  const [checks, components, windows] = await Promise.all([
    liveChecks(db),
    spec.groups?.some((g) => g.components?.length) ? liveComponents(db) : Promise.resolve([]),
    loadMaintenanceWindows(db),
  ]);
  const checksById = new Map(checks.map((c) => [c.id, c]));
  const t = now.getTime();
  const firstDay = Math.floor(t / DAY_MS) * DAY_MS - (BAR_DAYS - 1) * DAY_MS;
  const ahead = t + (spec.maintenanceDaysAhead ?? 7) * DAY_MS;
  const groups = (spec.groups ?? []).map((g) => ({ name: g.name, items: selectItems(g, checks, components) }));
  const allChecks = [...new Set(groups.flatMap((g) => g.items.flatMap((i) => i.checkIds)))];
  const hourly = await hourlyResults(db, allChecks, new Date(firstDay));

  const upcoming = new Map<string, PublicStatusPage['maintenance'][number]>();
  const outGroups = groups.map((g) => ({
    name: g.name,
    items: g.items.map((item): Item => {
      const intervals = intervalsOf(item, windows, checksById, firstDay, ahead);
      const past = intervals.filter(([s]) => s <= t);
      const hours = item.checkIds.flatMap((id) => hourly.get(id) ?? []);
      const bars = dailyBars(hours, past, firstDay, BAR_DAYS);
      const active = intervals.some(([s, e]) => s <= t && e > t);
      for (const w of windows) {
        for (const [s, e] of intervalsOf(item, [w], checksById, t, ahead).slice(0, 10)) {
          upcoming.set(`${w.id}:${s}`, {
            name: w.name,
            description: w.description,
            start: new Date(s).toISOString(),
            end: new Date(e).toISOString(),
            active: s <= t,
          });
        }
      }
      return { name: item.name, status: currentStatus(item, active), uptime: bars.uptime, days: bars.days };
    }),
  }));

  return {
    title: page.title,
    description: page.description,
    logoUrl: page.logo_url,
    status: pageStatus(outGroups.flatMap((g) => g.items)),
    groups: outGroups,
    objectives: await pageObjectives(db, spec.objectives ?? [], t),
    incidents: await publicIncidents(db),
    maintenance: [...upcoming.values()].sort((a, b) => a.start.localeCompare(b.start)).slice(0, 20),
  };
}

/** The attainment of the objectives a page names, in the page's order (names matching none are left out). */
async function pageObjectives(
  db: Executor,
  wanted: Array<{ name: string; namespace?: string }>,
  now: number,
): Promise<PublicStatusPage['objectives']> {
  if (wanted.length === 0) return [];
  const [all, shared] = await Promise.all([loadObjectives(db), loadShared(db)]);
  const out: PublicStatusPage['objectives'] = [];
  for (const w of wanted) {
    const o = all.find((x) => x.name === w.name && (w.namespace === undefined || x.namespace === w.namespace));
    if (!o) continue;
    const { figures } = await computeObjective(db, o, now, shared);
    out.push({ name: o.name, target: figures.target, window: figures.window, attainment: figures.attainment });
  }
  return out;
}

/** Open incidents marked public, newest first, with their public updates (newest first). */
async function publicIncidents(db: Executor): Promise<PublicStatusPage['incidents']> {
  const { rows } = await sql<{ id: string; title: string; status: string; created_at: Date }>`
    select id, title, status, created_at from incidents
    where public and status = any(${sql.val([...ACTIVE_INCIDENT_STATUSES])}::text[])
    order by created_at desc limit 20`.execute(db);
  if (rows.length === 0) return [];
  const { rows: updates } = await sql<{ incident_id: string; status: string; message: string; created_at: Date }>`
    select incident_id, status, message, created_at from incident_public_updates
    where incident_id = any(${sql.val(rows.map((r) => r.id))}::uuid[]) order by created_at desc`.execute(db);
  return rows.map((r) => ({
    title: r.title,
    status: r.status,
    startedAt: new Date(r.created_at).toISOString(),
    updates: updates
      .filter((u) => u.incident_id === r.id)
      .slice(0, 50)
      .map((u) => ({ status: u.status, message: u.message, at: new Date(u.created_at).toISOString() })),
  }));
}
