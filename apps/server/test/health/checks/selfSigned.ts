import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A self-signed certificate and key (PEM) made by the machine's openssl for test servers. */
export function selfSignedCert(opts: { days?: number; cn?: string; san?: string } = {}): { cert: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'opsdeck-cert-'));
  try {
    const cn = opts.cn ?? 'localhost';
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        String(opts.days ?? 30),
        '-subj',
        `/CN=${cn}`,
        '-addext',
        `subjectAltName=${opts.san ?? 'DNS:localhost,IP:127.0.0.1'}`,
      ],
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
