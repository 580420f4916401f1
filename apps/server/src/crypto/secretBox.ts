import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDataDir } from '../sandbox/dataDir.js';

/** Encrypts and decrypts secrets kept at rest (TOTP seeds, connection passwords) with AES-256-GCM. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

/**
 * The box for this installation: the key comes from `OPSDECK_SECRET_KEY` when set, otherwise
 * from `<dataDir>/secret.key`, generated (32 random bytes, mode 0600) on first use.
 */
export function openSecretBox(opts: { secretKey?: string | undefined; dataDir: string }): SecretBox {
  const material = opts.secretKey ? Buffer.from(opts.secretKey, 'utf8') : keyFile(opts.dataDir);
  const key = Buffer.from(hkdfSync('sha256', material, 'opsdeck', 'secret-box', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

function keyFile(dataDir: string): Buffer {
  // an in-memory database still needs a stable key for the life of the process
  if (dataDir.startsWith('memory://')) return processKey;
  ensurePrivateDataDir(dataDir); // 0700: the sandbox user that runs exec checks cannot read the key
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

const processKey = randomBytes(32);
