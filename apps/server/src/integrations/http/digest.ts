import { createHash, randomBytes } from 'node:crypto';

/**
 * HTTP Digest access authentication (RFC 7616, and RFC 2069 servers without qop): parses a
 * `WWW-Authenticate: Digest ...` challenge and builds the `Authorization` header for one request.
 * Supports MD5, SHA-256 and SHA-512-256 and their `-sess` variants, qop `auth`.
 */

/** The parameters of a Digest challenge. */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  qop?: string;
  algorithm: string;
  opaque?: string;
  userhash?: boolean;
}

const HASHES: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' };

/** The Digest challenge among `WWW-Authenticate` values, or undefined when the server offers none. */
export function parseDigestChallenge(headers: string | string[] | undefined): DigestChallenge | undefined {
  const values = Array.isArray(headers) ? headers : headers ? [headers] : [];
  for (const value of values) {
    const at = value.search(/digest\s/i);
    if (at < 0) continue;
    const params: Record<string, string> = {};
    const re = /([a-zA-Z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
    for (let m = re.exec(value.slice(at + 7)); m; m = re.exec(value.slice(at + 7))) {
      params[(m[1] as string).toLowerCase()] = (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1');
    }
    if (!params.nonce) continue;
    return {
      realm: params.realm ?? '',
      nonce: params.nonce,
      qop: params.qop,
      algorithm: (params.algorithm ?? 'MD5').toUpperCase(),
      opaque: params.opaque,
      userhash: params.userhash === 'true',
    };
  }
  return undefined;
}

const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

/** The `Authorization` header answering `challenge` for `method` on `uri` (path and query). */
export function digestAuthorization(
  challenge: DigestChallenge,
  creds: { username: string; password: string },
  method: string,
  uri: string,
  nc = 1,
  cnonce = randomBytes(16).toString('hex'),
): string {
  const sess = challenge.algorithm.endsWith('-SESS');
  const base = sess ? challenge.algorithm.slice(0, -5) : challenge.algorithm;
  const algo = HASHES[base];
  if (!algo) throw new Error(`unsupported digest algorithm ${challenge.algorithm}`);
  const h = (s: string) => createHash(algo).update(s, 'utf8').digest('hex');
  const ncHex = nc.toString(16).padStart(8, '0');
  const qops = (challenge.qop ?? '').split(',').map((q) => q.trim());
  const qop = qops.includes('auth') ? 'auth' : undefined;
  if (challenge.qop && !qop) throw new Error(`unsupported digest qop "${challenge.qop}" (only auth)`);
  let ha1 = h(`${creds.username}:${challenge.realm}:${creds.password}`);
  if (sess) ha1 = h(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = h(`${method}:${uri}`);
  const response = qop
    ? h(`${ha1}:${challenge.nonce}:${ncHex}:${cnonce}:${qop}:${ha2}`)
    : h(`${ha1}:${challenge.nonce}:${ha2}`);
  const username = challenge.userhash ? h(`${creds.username}:${challenge.realm}`) : creds.username;
  const parts = [
    `username=${quote(username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(uri)}`,
    `algorithm=${challenge.algorithm}`,
    `response=${quote(response)}`,
  ];
  if (qop) parts.push(`qop=${qop}`, `nc=${ncHex}`, `cnonce=${quote(cnonce)}`);
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  if (challenge.userhash) parts.push('userhash=true');
  return `Digest ${parts.join(', ')}`;
}
