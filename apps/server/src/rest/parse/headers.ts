import type { FastifyRequest } from 'fastify';
import { pgrstError } from '../errors.js';

/** What the `Prefer` header asks for (RFC 7240 as PostgREST reads it). */
export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  /** `missing=default`: keys absent from a bulk row take the column default instead of null. */
  missingDefault: boolean;
  /** `tx=rollback`: run the write, answer as usual, keep nothing. */
  rollback: boolean;
}

/** Reads every `Prefer` header; unknown preferences are ignored, as RFC 7240 says. */
export function parsePrefer(request: FastifyRequest): Preferences {
  const raw = request.headers.prefer;
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  const p: Preferences = { missingDefault: false, rollback: false };
  for (const part of text.split(/[,;]/)) {
    const [k, v] = part
      .trim()
      .split('=')
      .map((s) => s.trim().toLowerCase());
    if (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only')) p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) p.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) p.resolution = v;
    else if (k === 'missing' && v === 'default') p.missingDefault = true;
    else if (k === 'tx' && v === 'rollback') p.rollback = true;
  }
  return p;
}

/** The response shape the `Accept` header asks for. */
export interface Accepted {
  /** `application/vnd.pgrst.object+json`: exactly one row, as an object. */
  single: boolean;
  /** `;nulls=stripped`: keys with null values are left out. */
  stripNulls: boolean;
}

const ARRAY_TYPES = new Set(['application/json', 'application/vnd.pgrst.array+json', 'application/*', '*/*']);

/** Picks the first media type of `Accept` this layer can produce, or answers 406. */
export function parseAccept(request: FastifyRequest): Accepted {
  const raw = request.headers.accept;
  if (!raw) return { single: false, stripNulls: false };
  for (const entry of raw.split(',')) {
    const [type = '', ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { single: true, stripNulls };
    }
    if (ARRAY_TYPES.has(type)) return { single: false, stripNulls };
  }
  throw pgrstError('not_acceptable', 'PGRST107', `None of these media types are available: ${raw}`);
}

/** A `Range: 0-49` header (Range-Unit items) as offset and limit. */
export interface HeaderRange {
  offset: number;
  limit?: number;
}

/** Reads `Range: <from>-<to>` (either bound optional); answers 416 PGRST103 when it cannot be met. */
export function parseRange(request: FastifyRequest): HeaderRange | undefined {
  const raw = request.headers.range;
  if (!raw || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const unit = request.headers['range-unit'];
  if (unit !== undefined && unit !== 'items') return undefined;
  const m = /^(?:items=)?(\d{0,15})-(\d{0,15})$/.exec(raw.trim());
  const from = m?.[1] ? Number(m[1]) : 0;
  const to = m?.[2] ? Number(m[2]) : undefined;
  if (!m || (to !== undefined && to < from)) {
    throw pgrstError(
      'range_not_satisfiable',
      'PGRST103',
      'Requested range not satisfiable',
      `The range "${raw}" is not valid`,
    );
  }
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 };
}
