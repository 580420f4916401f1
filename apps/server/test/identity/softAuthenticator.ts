import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/** Just enough CBOR (RFC 8949) to write attestation objects and COSE keys. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  }
  throw new Error(`cannot encode ${typeof value}`);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

interface Held {
  id: Buffer;
  key: KeyObject;
  userHandle: string;
  counter: number;
  resident: boolean;
}

/**
 * A software FIDO2 authenticator: ES256 keys from node:crypto, `none` attestation. It answers
 * the JSON options the server puts in flow nodes, as @simplewebauthn/browser would.
 */
export class SoftAuthenticator {
  readonly held: Held[] = [];

  constructor(private origin: string) {}

  /** navigator.credentials.create(): the registration response JSON. */
  create(optionsJson: string, opts: { userVerified: boolean }): string {
    const { publicKey: o } = JSON.parse(optionsJson) as {
      publicKey: {
        rp: { id: string };
        challenge: string;
        user: { id: string };
        authenticatorSelection?: { residentKey?: string };
      };
    };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(String(jwk.x), 'base64url')],
        [-3, Buffer.from(String(jwk.y), 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const flags = 0x01 | (opts.userVerified ? 0x04 : 0) | 0x40;
    const authData = Buffer.concat([
      sha256(o.rp.id),
      Buffer.from([flags]),
      u32(0),
      Buffer.alloc(16),
      Buffer.from([0, id.length]),
      id,
      cose,
    ]);
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: o.challenge,
      origin: this.origin,
      crossOrigin: false,
    });
    const attestation = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.held.push({
      id,
      key: privateKey,
      userHandle: o.user.id,
      counter: 0,
      resident: o.authenticatorSelection?.residentKey === 'required',
    });
    return JSON.stringify({
      id: id.toString('base64url'),
      rawId: id.toString('base64url'),
      type: 'public-key',
      response: {
        clientDataJSON: Buffer.from(clientData).toString('base64url'),
        attestationObject: attestation.toString('base64url'),
        transports: ['usb'],
      },
      clientExtensionResults: {},
    });
  }

  /** navigator.credentials.get(): the authentication response JSON. */
  get(optionsJson: string, opts: { userVerified: boolean; origin?: string }): string {
    const { publicKey: o } = JSON.parse(optionsJson) as {
      publicKey: { rpId: string; challenge: string; allowCredentials?: Array<{ id: string }> };
    };
    const allowed = o.allowCredentials?.map((c) => c.id) ?? [];
    const cred = allowed.length
      ? this.held.find((h) => allowed.includes(h.id.toString('base64url')))
      : this.held.find((h) => h.resident);
    if (!cred) throw new Error('no matching credential on this authenticator');
    cred.counter += 1;
    const authData = Buffer.concat([
      sha256(o.rpId),
      Buffer.from([0x01 | (opts.userVerified ? 0x04 : 0)]),
      u32(cred.counter),
    ]);
    const clientData = JSON.stringify({
      type: 'webauthn.get',
      challenge: o.challenge,
      origin: opts.origin ?? this.origin,
      crossOrigin: false,
    });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), cred.key);
    return JSON.stringify({
      id: cred.id.toString('base64url'),
      rawId: cred.id.toString('base64url'),
      type: 'public-key',
      response: {
        clientDataJSON: Buffer.from(clientData).toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: cred.userHandle,
      },
      clientExtensionResults: {},
    });
  }
}
