import { z } from 'zod';

/**
 * Byte sizes as Canary specs write them, with binary units (`10Mi`, `1.5GB`, `512K`, `1024`):
 * every unit is a power of 1024 (1KB = 1024 bytes), as Kubernetes quantities and canary-checker
 * read them. Durations live in `time/duration.ts`.
 */

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
