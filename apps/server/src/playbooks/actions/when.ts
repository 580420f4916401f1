import { resolveDateMath } from '@opsdeck/schema';

/**
 * A point in time as query actions write it, in ms: RFC 3339, unix seconds, `now`, `now-1h`
 * (any date math), or a bare duration meaning that long ago (`1h`).
 */
export function parseWhen(text: string, now: number): number {
  const at = resolveDateMath(text, new Date(now), { durationAgo: true, unixSeconds: true });
  if (!at) throw new Error(`${JSON.stringify(text)} is not a time (RFC 3339, unix seconds, now-1h)`);
  return at.getTime();
}
