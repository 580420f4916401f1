import { z } from 'zod';
import { resourceSelectorSchema } from './incidents.js';

const selectors = z.array(resourceSelectorSchema).optional();

/**
 * `maintenance_windows.spec`: one-off (`start` and `end`, RFC 3339) or recurring (`schedule`, a
 * cron expression, with `duration` such as `2h` and an IANA `timezone`, default UTC), over the
 * checks, components and config items its selectors match. At least one selector is required.
 */
export const maintenanceSpecSchema = z
  .object({
    start: z.iso.datetime({ offset: true, error: 'expected an RFC 3339 time, e.g. 2026-01-31T22:00:00Z' }).optional(),
    end: z.iso.datetime({ offset: true, error: 'expected an RFC 3339 time, e.g. 2026-01-31T23:00:00Z' }).optional(),
    schedule: z.string().trim().min(1).optional(),
    duration: z.string().trim().min(1).optional(),
    timezone: z.string().trim().min(1).optional(),
    checks: selectors,
    components: selectors,
    configs: selectors,
  })
  .strict();
export type MaintenanceSpec = z.infer<typeof maintenanceSpecSchema>;

/** One group of a status page: a heading over the checks and components its selectors match. */
export const statusPageGroupSchema = z
  .object({
    name: z.string().trim().min(1, 'must not be empty'),
    checks: selectors,
    components: selectors,
  })
  .strict();

/** A service level objective a status page shows the attainment of, by name (and namespace, default any). */
export const statusPageObjectiveSchema = z
  .object({ name: z.string().trim().min(1, 'must not be empty'), namespace: z.string().optional() })
  .strict();

/**
 * `status_pages.spec`: its groups, the objectives whose attainment it shows, and how many days
 * ahead maintenance is announced (default 7).
 */
export const statusPageSpecSchema = z
  .object({
    groups: z.array(statusPageGroupSchema).max(50).optional(),
    objectives: z.array(statusPageObjectiveSchema).max(20).optional(),
    maintenanceDaysAhead: z.number().int().min(0).max(90).optional(),
  })
  .strict();
export type StatusPageSpec = z.infer<typeof statusPageSpecSchema>;

/** The public status of one day on an item's bar. */
export type DayStatus = 'operational' | 'degraded' | 'outage' | 'maintenance' | 'nodata';

/** What GET /status/{slug}.json answers: only what the page shows anonymously. */
export interface PublicStatusPage {
  title: string;
  description: string;
  logoUrl: string | null;
  status: 'operational' | 'degraded' | 'outage' | 'maintenance';
  groups: Array<{
    name: string;
    items: Array<{
      name: string;
      status: 'operational' | 'degraded' | 'outage' | 'maintenance' | 'unknown';
      uptime: number | null;
      days: Array<{ date: string; status: DayStatus; uptime: number | null }>;
    }>;
  }>;
  /** The objectives the page names: target and attainment only (percent; null without data). */
  objectives: Array<{ name: string; target: number; window: string; attainment: number | null }>;
  incidents: Array<{
    title: string;
    status: string;
    startedAt: string;
    updates: Array<{ status: string; message: string; at: string }>;
  }>;
  maintenance: Array<{ name: string; description: string; start: string; end: string; active: boolean }>;
}
