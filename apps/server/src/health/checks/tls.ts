import tls from 'node:tls';
import { type TlsCheck, tlsCheckSchema } from '@opsdeck/schema';
import { daysUntil, splitHostPort } from '../../integrations/net.js';
import { type CheckType, failure } from './types.js';

/**
 * Opens a TLS connection to `endpoint` and checks the peer certificate: trusted chain and matching
 * host name (unless `insecureSkipVerify`), and at least `maxSSLExpiry` days of validity left.
 * `results` has subject, issuer, SANs, validity dates, days left and the verification outcome.
 */

/** Certificate facts a TLS handshake revealed. */
export interface PeerCertificateInfo {
  subject: string;
  issuer: string;
  subjectAltNames: string[];
  validFrom: string;
  validTo: string;
  expiryDays: number;
  fingerprint256: string;
  authorized: boolean;
  authorizationError?: string;
  protocol?: string;
}

const TLS_ERRORS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the issuer (missing intermediate or unknown CA)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'issuer not trusted (unknown CA)',
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not yet valid',
};

/** Node reports verification failures as OpenSSL codes; say them in words. */
function describeTlsError(err: Error | string): string {
  const code = typeof err === 'string' ? err : ((err as NodeJS.ErrnoException).code ?? err.message);
  return TLS_ERRORS[code] ?? (typeof err === 'string' ? err : err.message || code);
}

function first(v: string | string[] | undefined): string {
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

/** Connects and returns the peer certificate without failing on verification (the caller decides). */
export function inspectCertificate(
  host: string,
  port: number,
  opts: { servername?: string; ca?: string; signal: AbortSignal; now: Date },
): Promise<PeerCertificateInfo> {
  return new Promise((resolve, reject) => {
    // SNI must be a host name, never an IP address.
    const servername = opts.servername ?? (/^[\d.:]+$/.test(host) ? undefined : host);
    const socket = tls.connect({
      host,
      port,
      servername,
      ca: opts.ca ? [...tls.rootCertificates, opts.ca] : undefined,
      rejectUnauthorized: false,
    });
    const onAbort = () =>
      socket.destroy(opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted'));
    if (opts.signal.aborted) onAbort();
    opts.signal.addEventListener('abort', onAbort, { once: true });
    socket.once('close', () => opts.signal.removeEventListener('abort', onAbort));
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const name = opts.servername ?? host;
      let authorizationError = socket.authorizationError ? describeTlsError(socket.authorizationError) : undefined;
      if (cert?.raw && (!authorizationError || /ALTNAME/.test(String(socket.authorizationError)))) {
        const mismatch = tls.checkServerIdentity(name, cert);
        if (mismatch)
          authorizationError = `not valid for ${name} (it covers ${cert.subjectaltname ?? cert.subject?.CN})`;
      }
      socket.end();
      if (!cert?.raw) return reject(new Error('the server sent no certificate'));
      const validTo = new Date(cert.valid_to);
      resolve({
        subject: first(cert.subject?.CN),
        issuer: first(cert.issuer?.CN ?? cert.issuer?.O),
        subjectAltNames: (cert.subjectaltname ?? '').split(', ').filter(Boolean),
        validFrom: new Date(cert.valid_from).toISOString(),
        validTo: validTo.toISOString(),
        expiryDays: daysUntil(validTo, opts.now),
        fingerprint256: cert.fingerprint256,
        authorized: !authorizationError,
        authorizationError,
        protocol: socket.getProtocol() ?? undefined,
      });
    });
    socket.once('error', (err) => {
      socket.destroy();
      reject(err);
    });
  });
}

export const tlsCheck: CheckType<TlsCheck> = {
  type: 'tls',
  schema: tlsCheckSchema,
  defaultTimeoutMs: 10_000,
  endpoint: (spec) => spec.endpoint,
  async run(spec, ctx) {
    const { host, port } = splitHostPort(spec.endpoint, 443);
    let info: PeerCertificateInfo;
    try {
      info = await inspectCertificate(host, port, {
        servername: spec.serverName,
        ca: spec.ca,
        signal: ctx.signal,
        now: ctx.now(),
      });
    } catch (err) {
      return failure(new Error(`tls ${spec.endpoint}: ${err instanceof Error ? err.message : String(err)}`));
    }
    const data = { results: info, ...info };
    const metrics = [{ name: 'ssl_certificate_expiry_days', value: info.expiryDays }];
    const fail = (error: string) => ({ pass: false, error, message: error, data, metrics });
    if (!info.authorized && !spec.insecureSkipVerify) {
      return fail(`tls ${spec.endpoint}: certificate not trusted: ${info.authorizationError}`);
    }
    if (info.expiryDays < 0) return fail(`tls ${spec.endpoint}: certificate expired on ${info.validTo}`);
    if (spec.maxSSLExpiry !== undefined && info.expiryDays < spec.maxSSLExpiry) {
      return fail(`tls ${spec.endpoint}: certificate expires in ${info.expiryDays} days, under ${spec.maxSSLExpiry}`);
    }
    return { pass: true, message: `certificate for ${info.subject} valid for ${info.expiryDays} days`, data, metrics };
  },
};
