/** The viewer's IANA time zone (the browser's). */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function parts(at: number, zone: string): Record<string, number> {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(
    fmt
      .formatToParts(new Date(at))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
}

/** How far `zone` is ahead of UTC at the instant `at`, in ms. */
function offsetAt(at: number, zone: string): number {
  const p = parts(at, zone);
  const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return wall - Math.floor(at / 1000) * 1000;
}

const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');

/** An instant as a `datetime-local` value (`2026-01-31T22:00`) on the wall clock of `zone`; '' when it is not a time. */
export function toLocalInput(iso: string | undefined, zone: string): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return '';
  const p = parts(at, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The RFC 3339 instant (UTC) a `datetime-local` value means on the wall clock of `zone`; undefined when empty or invalid. */
export function fromLocalInput(local: string, zone: string): string | undefined {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(local);
  if (!m) return undefined;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // the offset at the guess, then again at the answer: right across a daylight-saving change
  let at = wall - offsetAt(wall, zone);
  at = wall - offsetAt(at, zone);
  return new Date(at).toISOString().replace('.000Z', 'Z');
}

/** An instant for people: date, time and zone abbreviation in `zone` (the viewer's by default). */
export function formatInstant(iso: string, zone = viewerZone()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  // dateStyle/timeStyle cannot be combined with timeZoneName: the fields one by one
  return new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(at);
}

/** Every IANA zone this browser knows, for a time-zone choice (UTC first). */
export function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}
