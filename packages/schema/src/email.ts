/**
 * The one email address rule of OpsDeck: the WHATWG rule browsers apply to `<input type=email>`
 * (zod's `z.regexes.html5Email`). Unlike zod's default it accepts a host without a dot, so
 * `admin@localhost` (the documented default administrator) and single-label intranet hosts are
 * valid everywhere alike. Kept free of zod so the web app can import it without the library.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Longest address accepted, as the identity server stores it. */
export const EMAIL_MAX_LENGTH = 320;

/** True when `value` is an acceptable email address. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
