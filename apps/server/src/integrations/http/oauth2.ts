import { request } from 'undici';
import { setBounded } from '../../boundedMap.js';

/**
 * OAuth2 client-credentials tokens for http checks (RFC 6749 section 4.4). The client id and secret
 * go in HTTP Basic auth first (which every server must accept); a server that refuses that gets
 * them as form parameters instead. Tokens are cached until shortly before they expire.
 */

interface CachedToken {
  token: string;
  tokenType: string;
  expiresAt: number;
}

const cache = new Map<string, CachedToken>();
const EARLY_MS = 30_000;

/** Options of one token request. */
export interface TokenRequest {
  tokenURL: string;
  clientId: string;
  clientSecret: string;
  scopes?: string[];
  params?: Record<string, string>;
  signal: AbortSignal;
  now: number;
}

async function fetchToken(req: TokenRequest, style: 'basic' | 'params') {
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...req.params });
  if (req.scopes?.length) form.set('scope', req.scopes.join(' '));
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (style === 'basic') {
    const id = encodeURIComponent(req.clientId);
    const secret = encodeURIComponent(req.clientSecret);
    headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  } else {
    form.set('client_id', req.clientId);
    form.set('client_secret', req.clientSecret);
  }
  const res = await request(req.tokenURL, { method: 'POST', headers, body: form.toString(), signal: req.signal });
  const text = await res.body.text();
  return { status: res.statusCode, text };
}

/** An `Authorization` header value (`Bearer ...`) for the client, from cache or the token URL. */
export async function clientCredentialsToken(req: TokenRequest): Promise<string> {
  const key = JSON.stringify([req.tokenURL, req.clientId, req.clientSecret, req.scopes ?? [], req.params ?? {}]);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > req.now) return `${hit.tokenType} ${hit.token}`;
  let res = await fetchToken(req, 'basic');
  if (res.status === 400 || res.status === 401) res = await fetchToken(req, 'params');
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`oauth2 token request to ${req.tokenURL} failed with ${res.status}: ${res.text.slice(0, 200)}`);
  }
  let body: { access_token?: string; token_type?: string; expires_in?: number };
  try {
    body = JSON.parse(res.text);
  } catch {
    throw new Error(`oauth2 token response from ${req.tokenURL} is not JSON`);
  }
  if (!body.access_token) throw new Error(`oauth2 token response from ${req.tokenURL} has no access_token`);
  const tokenType = !body.token_type || body.token_type.toLowerCase() === 'bearer' ? 'Bearer' : body.token_type;
  const ttl = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 3600_000;
  setBounded(cache, key, { token: body.access_token, tokenType, expiresAt: req.now + ttl - EARLY_MS }, 1000);
  return `${tokenType} ${body.access_token}`;
}
