import { type StatusPageSpec, statusPageSpecSchema } from '@opsdeck/schema';
import { badRequest } from '../errors.js';
import { authorize } from '../rbac/authorize.js';
import type { Subject } from '../rbac/resources.js';
import { forbiddenWrite } from '../rest/errors.js';
import { createdBySubject, exposeTable, type Row } from '../rest/whitelist.js';
import { isWildcardSelector } from './items.js';

/**
 * Status pages and incidents' public updates under /api/db. Pages are `views` (what is shown,
 * edited by editors and admins); public updates are `incident` like the incident they belong to,
 * so whoever may write an incident may mark it public (PATCH incidents {public}) and post them.
 */

const SLUG = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;
const UPDATE_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'];

function checkPage(row: Row, insert: boolean, subject: Subject): Row {
  if (insert || row.name !== undefined) {
    if (typeof row.name !== 'string' || !SLUG.test(row.name)) {
      throw badRequest('name: the slug of /status/{name}: lower-case letters, digits and dashes, 1-64 long');
    }
  }
  if ((insert || row.title !== undefined) && (typeof row.title !== 'string' || !row.title.trim())) {
    throw badRequest('title: This field is required');
  }
  if (row.logo_url !== undefined && row.logo_url !== null && row.logo_url !== '') {
    const url = String(row.logo_url);
    // https anywhere or a path on this site: what the page's CSP (img-src) lets a browser load
    if (!/^https:\/\/[^\s"'<>]+$/.test(url) && !/^\/(?!\/)[^\s"'<>]*$/.test(url)) {
      throw badRequest('logo_url: must be an https:// URL or a path on this site starting with /');
    }
  }
  if (row.spec !== undefined) {
    const parsed = statusPageSpecSchema.safeParse(row.spec);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      throw badRequest(`${['spec', ...(i?.path ?? []).map(String)].join('.')}: ${i?.message ?? 'invalid'}`);
    }
    checkPublished(parsed.data, subject);
    return { ...row, spec: parsed.data };
  }
  return row;
}

/**
 * A status page shows names to anyone who opens it: each selector must name what it publishes
 * (a wildcard would publish every check, today's and tomorrow's), and its author must be able to
 * read what it selects.
 */
function checkPublished(spec: StatusPageSpec, subject: Subject): void {
  for (const [g, group] of (spec.groups ?? []).entries()) {
    for (const kind of ['checks', 'components'] as const) {
      const selectors = group[kind] ?? [];
      const wild = selectors.findIndex(isWildcardSelector);
      if (wild >= 0) {
        throw badRequest(
          `spec.groups.${g}.${kind}.${wild}: a selector matching every ${kind === 'checks' ? 'check' : 'component'} would publish all their names; name what the page shows (a name, namespace, types, labelSelector or id)`,
        );
      }
      const resource = kind === 'checks' ? 'canaries' : 'topologies';
      if (selectors.length && !authorize(subject, resource, 'read').allowed) {
        throw forbiddenWrite(
          `spec.groups.${g}.${kind}: you may not read ${resource}, so a page of yours may not publish them`,
        );
      }
    }
  }
  // an objective's attainment is read as checks are
  if (spec.objectives?.length && !authorize(subject, 'canaries', 'read').allowed) {
    throw forbiddenWrite('spec.objectives: you may not read canaries, so a page of yours may not publish objectives');
  }
}

function checkUpdate(row: Row, insert: boolean): Row {
  if (insert && typeof row.incident_id !== 'string') throw badRequest('incident_id: This field is required');
  if ((insert || row.message !== undefined) && (typeof row.message !== 'string' || !row.message.trim())) {
    throw badRequest('message: This field is required');
  }
  if (row.status !== undefined && !UPDATE_STATUSES.includes(String(row.status))) {
    throw badRequest(`status: must be one of ${UPDATE_STATUSES.join(', ')}`);
  }
  return row;
}

/** Serves status pages under /api/db; the app calls it when it starts. */
export function exposeStatusPages(): void {
  exposeTable('status_pages', {
    resource: 'views',
    writable: true,
    defaults: { created_by: createdBySubject },
    async beforeWrite(_ctx, input) {
      if (input.method === 'POST') return { rows: (input.rows ?? []).map((r) => checkPage(r, true, input.subject)) };
      if (input.method === 'PATCH' && input.patch) return { patch: checkPage(input.patch, false, input.subject) };
      return undefined;
    },
  });
  exposeTable('incident_public_updates', {
    resource: 'incident',
    writable: true,
    defaults: { created_by: createdBySubject },
    authorOnly: { noun: 'public update' },
    async beforeWrite(_ctx, input) {
      if (input.method === 'POST') return { rows: (input.rows ?? []).map((r) => checkUpdate(r, true)) };
      if (input.method === 'PATCH' && input.patch) return { patch: checkUpdate(input.patch, false) };
      return undefined;
    },
  });
}
