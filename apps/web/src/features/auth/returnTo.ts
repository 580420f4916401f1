/**
 * A safe place to go back to: only same-site paths ('/x', not '//host' or 'https://...'),
 * so a crafted link cannot bounce a person to another site after sign-in.
 */
export function safeReturnTo(raw: string | null | undefined, fallback = '/'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}
