import { formatFloat } from './values.js';

/**
 * Go's complex128, for complex constants in actions (`{{ 1i }}`, `{{ 1+2i }}`): printed as Go
 * prints them (`(1+2i)`), compared with eq/ne, true unless zero. No other template operation
 * takes one, as in Go.
 */
export class GoComplex {
  constructor(
    readonly re: number,
    readonly im: number,
  ) {}

  toString(): string {
    return formatComplex(this, formatFloat);
  }
}

/** `(re±imi)` with each part formatted by `part` (the imaginary one always signed). */
export function formatComplex(c: GoComplex, part: (f: number) => string): string {
  const im = part(c.im);
  const sign = im.startsWith('-') || im.startsWith('+') ? '' : '+';
  return `(${part(c.re)}${sign}${im}i)`;
}

/** A complex constant's text (`2i`, `1+2i`, `-1.5e3-2i`) as a value; undefined when it is none. */
export function parseComplex(text: string, real: (s: string) => number | undefined): GoComplex | undefined {
  if (!text.endsWith('i')) return undefined;
  const body = text.slice(0, -1);
  // the sign between the parts: the last + or - that does not follow an exponent mark
  const split = /^([+-]?.*[^eEpP+-])([+-].*)$/.exec(body);
  if (split) {
    const re = real(split[1] as string);
    const im = real(split[2] as string);
    return re === undefined || im === undefined ? undefined : new GoComplex(re, im);
  }
  const im = real(body);
  return im === undefined ? undefined : new GoComplex(0, im);
}
