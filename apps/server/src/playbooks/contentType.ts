import type { PlaybookSpec } from '@opsdeck/schema';

type Action = PlaybookSpec['actions'][number];
type HttpSpec = NonNullable<Action['http']>;

/**
 * An http action's rendered spec with the action's `contentType` as its Content-Type header,
 * unless `headers` name one already (an explicit header is the more specific). Without it a
 * string body goes out as text/plain.
 */
export function withContentType(action: Action, type: string, spec: unknown): unknown {
  if (type !== 'http' || !action.contentType) return spec;
  const http = spec as HttpSpec;
  const headers = http.headers ?? [];
  if (headers.some((h) => String(h.name).toLowerCase() === 'content-type')) return spec;
  return { ...http, headers: [...headers, { name: 'Content-Type', value: action.contentType }] };
}
