/**
 * A safe place to go back to: only same-site paths ('/x', not '//host' or 'https://...'),
 * so a crafted link cannot bounce a person to another site after sign-in.
 */
export function safeReturnTo(raw: string | null | undefined, fallback = '/'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}

/**
 * The path of a URL the identity server handed back (a flow's `return_to`, a
 * `redirect_browser_to`), when it is on this origin; anything else becomes `fallback`.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string, fallback = '/'): string {
  if (!raw) return fallback;
  if (raw.startsWith('/')) return safeReturnTo(raw, fallback);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return safeReturnTo(`${url.pathname}${url.search}${url.hash}`, fallback);
}
