import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { def, type LibFunc, str } from './types.js';

/** Hashes (gomplate `crypto.SHA*`, hex or raw bytes) and UUIDs (`uuid.V1`, `uuid.V4`, ...). */

const data = (v: unknown) => (v instanceof Uint8Array ? Buffer.from(v) : Buffer.from(str(v), 'utf8'));

const HASHES: [string, string][] = [
  ['SHA1', 'sha1'],
  ['SHA224', 'sha224'],
  ['SHA256', 'sha256'],
  ['SHA384', 'sha384'],
  ['SHA512', 'sha512'],
  ['SHA512_224', 'sha512-224'],
  ['SHA512_256', 'sha512-256'],
];

const UUID = /^(?:urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;

function parseUuid(text: string): string {
  const m = UUID.exec(text.trim());
  if (!m) throw new Error(`invalid UUID ${JSON.stringify(text)}`);
  return m.slice(1).join('-').toLowerCase();
}

let clockSeq = randomBytes(2).readUInt16BE() & 0x3fff;
let lastTicks = 0n;
const node = randomBytes(6);
node[0] = (node[0] as number) | 0x01; // a random node id has the multicast bit set (RFC 4122 4.5)

/** A version-1 (time-based) UUID with a random node id. */
function uuidV1(): string {
  // 100 ns ticks since 1582-10-15.
  let ticks = BigInt(Date.now()) * 10_000n + 0x01b21dd213814000n;
  if (ticks <= lastTicks) clockSeq = (clockSeq + 1) & 0x3fff;
  lastTicks = ticks;
  ticks &= 0x0fffffffffffffffn;
  const low = (ticks & 0xffffffffn).toString(16).padStart(8, '0');
  const mid = ((ticks >> 32n) & 0xffffn).toString(16).padStart(4, '0');
  const high = (((ticks >> 48n) & 0x0fffn) | 0x1000n).toString(16).padStart(4, '0');
  const seq = (clockSeq | 0x8000).toString(16).padStart(4, '0');
  return `${low}-${mid}-${high}-${seq}-${node.toString('hex')}`;
}

export const cryptoFuncs: LibFunc[] = [
  ...HASHES.flatMap(([name, algo]) => [
    def([`crypto.${name}`, name.toLowerCase().replace('_', '')], 1, (v) =>
      createHash(algo).update(data(v)).digest('hex'),
    ),
    def([`crypto.${name}Bytes`], 1, (v) => new Uint8Array(createHash(algo).update(data(v)).digest())),
  ]),
  def(['uuid.V1'], 0, uuidV1),
  def(['uuid.V4', 'uuidv4'], 0, () => randomUUID()),
  def(['uuid.Nil'], 0, () => '00000000-0000-0000-0000-000000000000'),
  def(['uuid.IsValid'], 1, (v) => UUID.test(str(v).trim())),
  def(['uuid.Parse'], 1, (v) => parseUuid(str(v))),
];
