import { statusPageSpecSchema } from '@opsdeck/schema';
import { badRequest } from '../http/errors.js';
import { createdBySubject, exposeTable, type Row } from '../rest/whitelist.js';

/**
 * Status pages and incidents' public updates under /api/db. Pages are `views` (what is shown,
 * edited by editors and admins); public updates are `incident` like the incident they belong to,
 * so whoever may write an incident may mark it public (PATCH incidents {public}) and post them.
 */

const SLUG = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;
const UPDATE_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'];

function checkPage(row: Row, insert: boolean): Row {
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
    return { ...row, spec: parsed.data };
  }
  return row;
}

exposeTable('status_pages', {
  resource: 'views',
  writable: true,
  defaults: { created_by: createdBySubject },
  async beforeWrite(_ctx, input) {
    if (input.method === 'POST') return { rows: (input.rows ?? []).map((r) => checkPage(r, true)) };
    if (input.method === 'PATCH' && input.patch) return { patch: checkPage(input.patch, false) };
    return undefined;
  },
});

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
