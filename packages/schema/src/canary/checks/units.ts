import { z } from 'zod';

/**
 * Durations and sizes as Canary specs write them: Go-style durations extended with days, weeks
 * and years (`500ms`, `1m30s`, `2h`, `7d`, `1w`) and byte sizes with binary units (`10Mi`,
 * `1.5GB`, `512K`, `1024`). Both interpret units as the reference does (1KB = 1024 bytes).
 */

const DURATION_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};
const DURATION_PART = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w|y)/y;

/** Parses `1h30m`, `500ms`, `7d` (a bare `0` is zero) into milliseconds; undefined when malformed. */
export function parseDuration(text: string): number | undefined {
  const s = text.trim();
  if (s === '0') return 0;
  if (s === '') return undefined;
  let total = 0;
  DURATION_PART.lastIndex = 0;
  while (DURATION_PART.lastIndex < s.length) {
    const at = DURATION_PART.lastIndex;
    const m = DURATION_PART.exec(s);
    if (!m || m.index !== at) return undefined;
    total += Number(m[1]) * (DURATION_UNITS_MS[m[2] as string] as number);
  }
  return total;
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
  p: 1024 ** 5,
  e: 1024 ** 6,
};

/** Parses `10Mi`, `10MB`, `1.5G`, `512` (bytes) into bytes; undefined when malformed. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgtpe]?)(?:i?b|i)?\s*$/i.exec(text);
  if (!m) return /^\s*\d+\s*b\s*$/i.test(text) ? Number.parseInt(text, 10) : undefined;
  return Math.round(Number(m[1]) * (SIZE_UNITS[(m[2] ?? '').toLowerCase()] as number));
}

/** A duration string field (`30s`, `1h30m`, `7d`). */
export const durationSchema = z.string().refine((v) => parseDuration(v) !== undefined, {
  message: 'expected a duration such as 500ms, 30s, 1m30s, 2h or 7d',
});

/** A byte size field (`10Mi`, `1GB`, `512`); a plain number counts bytes. */
export const sizeSchema = z
  .union([z.string(), z.number().nonnegative()])
  .refine((v) => typeof v === 'number' || parseSize(v) !== undefined, {
    message: 'expected a size such as 512, 10Ki, 10Mi or 1Gi',
  });

/** Bytes of a validated size field. */
export function sizeBytes(v: string | number): number {
  return typeof v === 'number' ? v : (parseSize(v) ?? 0);
}
