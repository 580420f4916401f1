/**
 * Where the API client sends `/api/...`: this origin with the session cookie (the default), or,
 * in direct mode, the selected organization's backend with the provider's bearer token and no
 * cookies (features/organizations/direct/).
 */
export interface DirectTarget {
  /** The organization's backend, e.g. `https://acme.ops.example` (no trailing slash). */
  base: string;
  /** The current access token, renewed by the OIDC client; undefined when signed out. */
  token(): Promise<string | undefined>;
  /** Sends the browser to sign in at the provider, back to `returnTo` (a same-origin path). */
  signIn(returnTo: string): void;
}

let current: DirectTarget | undefined;

export const apiTarget = {
  /** The direct-mode target, or undefined in proxy mode. */
  get direct(): DirectTarget | undefined {
    return current;
  },
  set(target: DirectTarget | undefined): void {
    current = target ? { ...target, base: target.base.replace(/\/+$/, '') } : undefined;
  },
};
