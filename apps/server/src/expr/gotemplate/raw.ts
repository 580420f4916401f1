import { formatValue } from './values.js';

/** Raw text for contextual escapers, and how an action prints a value. */

/**
 * Text a contextual escaper (shell.ts) prints as is: everywhere for `raw`, or only outside
 * quotes (`bareOnly`) for text that is already shell-quoted (`shellQuote`).
 */
export class Raw {
  constructor(
    readonly text: string,
    readonly bareOnly = false,
  ) {}
  toString(): string {
    return this.text;
  }
  toJSON(): string {
    return this.text;
  }
}

/** The text of a raw value for the functions it is passed to; only printing tells raw from escaped. */
export function unraw(v: unknown): unknown {
  return typeof v === 'object' && v instanceof Raw ? v.text : v;
}

/** A value as an action prints it: nil and missing keys as `<no value>`, the rest as %v. */
export function printed(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Raw) return v.text;
  return v === undefined || v === null ? '<no value>' : formatValue(v);
}
