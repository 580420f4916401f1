import { BlockList, isIP } from 'node:net';

/** An address or CIDR (`10.0.0.0/8`, `::1`) taken apart, or undefined when it is malformed. */
export function parseCidr(item: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', bits] = item.split('/');
  const version = isIP(address);
  if (!version) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits)))
    return undefined;
  return { address, prefix, family };
}

/** A matcher for addresses in `cidrs`; IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) count as IPv4. */
export function addressMatcher(cidrs: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const c of cidrs) {
    const p = parseCidr(c);
    if (p) list.addSubnet(p.address, p.prefix, p.family);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const version = isIP(plain);
    if (!version) return false;
    return list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}
