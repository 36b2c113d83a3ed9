import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether an IP address may be contacted by the platform's outbound downloads and calls (D-029).
 * Ranges follow the IANA IPv4 and IPv6 Special-Purpose Address Registries: every range not
 * globally reachable is refused, as are multicast, broadcast and reserved space. IPv6 forms that
 * carry an IPv4 address (mapped, NAT64, 6to4) are judged by that IPv4 address, since that is
 * where the connection ends up; the deprecated compatible form is refused. node:net BlockList is not used: its IPv4 rules match
 * IPv4-mapped IPv6 addresses but not the compatible, NAT64 or 6to4 forms, and an IPv6 rule for
 * ::ffff:0:0/96 matches every plain IPv4 address (test/unit/platform/address-class.test.ts).
 */
export type AddressVerdict = { global: true } | { global: false; range: string };

interface Range {
  bytes: readonly number[];
  prefix: number;
  name: string;
}

function v4(text: string, prefix: number, name: string): Range {
  return { bytes: text.split('.').map(Number), prefix, name };
}

function v6(text: string, prefix: number, name: string): Range {
  const bytes = ipv6Bytes(text);
  if (!bytes) throw new Error(`bad range ${text}`);
  return { bytes, prefix, name };
}

const IPV4_SPECIAL: readonly Range[] = [
  v4('0.0.0.0', 8, 'this network'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'shared address space (carrier-grade NAT)'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  // Two anycast hosts of this /24 are globally reachable; an image is never served from them.
  v4('192.0.0.0', 24, 'IETF protocol assignments'),
  v4('192.0.2.0', 24, 'documentation (TEST-NET-1)'),
  v4('192.88.99.0', 24, 'deprecated 6to4 relay anycast'),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation (TEST-NET-2)'),
  v4('203.0.113.0', 24, 'documentation (TEST-NET-3)'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('255.255.255.255', 32, 'limited broadcast'),
  v4('240.0.0.0', 4, 'reserved'),
];

/** IPv6 prefixes whose last 32 bits are an IPv4 address the packets are delivered to. */
const IPV6_EMBEDDING_V4_AT_END: readonly Range[] = [v6('::ffff:0:0', 96, 'IPv4-mapped'), v6('64:ff9b::', 96, 'NAT64')];

/**
 * Outside 2000::/3 (so refused in any case), named for clearer refusals. The deprecated
 * IPv4-compatible form ::a.b.c.d is refused whatever IPv4 address it carries: no host uses it.
 */
const IPV6_NAMED_OUTSIDE_GLOBAL: readonly Range[] = [
  v6('::1', 128, 'loopback'),
  v6('::', 128, 'unspecified'),
  v6('::', 96, 'IPv4-compatible (deprecated)'),
  v6('64:ff9b:1::', 48, 'local-use NAT64'),
  v6('100::', 64, 'discard-only'),
  v6('fc00::', 7, 'unique-local'),
  v6('fe80::', 10, 'link-local'),
  v6('fec0::', 10, 'site-local (deprecated)'),
  v6('ff00::', 8, 'multicast'),
];

/** Not globally reachable space inside 2000::/3; everything outside 2000::/3 is refused anyway. */
const IPV6_SPECIAL_IN_GLOBAL: readonly Range[] = [
  // Covers Teredo (2001::/32), benchmarking (2001:2::/48) and ORCHID; the few anycast services
  // in it that are globally reachable never serve images.
  v6('2001::', 23, 'IETF protocol assignments'),
  v6('2001:db8::', 32, 'documentation'),
  v6('3fff::', 20, 'documentation'),
];

const IPV6_GLOBAL_UNICAST = v6('2000::', 3, 'global unicast');
const IPV6_6TO4 = v6('2002::', 16, '6to4');

function inRange(bytes: readonly number[], range: Range): boolean {
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): number[] | null {
  if (!isIPv4(text)) return null;
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (a zone suffix such as %eth0 is ignored), or null. */
export function ipv6Bytes(text: string): number[] | null {
  let address = text.replace(/%.*$/, '');
  if (!isIPv6(address)) return null;
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[2]!.split('.').map(Number);
    address = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = address.split('::');
  const groups = (part: string | undefined): number[] => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const all = halves.length === 2 ? [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right] : left;
  if (all.length !== 8) return null;
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

function classifyV4(bytes: readonly number[]): AddressVerdict {
  const range = IPV4_SPECIAL.find((r) => inRange(bytes, r));
  return range ? { global: false, range: range.name } : { global: true };
}

function classifyV6(bytes: readonly number[]): AddressVerdict {
  for (const range of IPV6_EMBEDDING_V4_AT_END) {
    if (inRange(bytes, range)) {
      const inner = classifyV4(bytes.slice(12));
      return inner.global ? inner : { global: false, range: `${range.name} ${inner.range}` };
    }
  }
  if (!inRange(bytes, IPV6_GLOBAL_UNICAST)) return { global: false, range: IPV6_NAMED_OUTSIDE_GLOBAL.find((r) => inRange(bytes, r))?.name ?? 'reserved' };
  if (inRange(bytes, IPV6_6TO4)) {
    const inner = classifyV4(bytes.slice(2, 6));
    return inner.global ? inner : { global: false, range: `6to4 ${inner.range}` };
  }
  const range = IPV6_SPECIAL_IN_GLOBAL.find((r) => inRange(bytes, r));
  return range ? { global: false, range: range.name } : { global: true };
}

/** Classifies an IPv4 or IPv6 address in its textual form; anything else is not global. */
export function classifyAddress(address: string): AddressVerdict {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const four = ipv4Bytes(bare);
  if (four) return classifyV4(four);
  const six = ipv6Bytes(bare);
  if (six) return classifyV6(six);
  return { global: false, range: 'not an IP address' };
}

/** True for every address classifyAddress does not judge globally reachable. */
export function isPrivateAddress(address: string): boolean {
  return !classifyAddress(address).global;
}
