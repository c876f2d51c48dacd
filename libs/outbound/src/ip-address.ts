import { isIPv4, isIPv6 } from 'node:net';

export type IpFamily = 4 | 6;

export interface IpAddress {
  family: IpFamily;
  /** The address as an unsigned integer: 32 bits for IPv4, 128 bits for IPv6. */
  value: bigint;
}

function parseIPv4(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function parseIPv6(text: string): bigint {
  let address = text;
  // A dotted IPv4 tail (`::ffff:127.0.0.1`) becomes two hextets.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (tail) {
    const v4 = parseIPv4(tail[1]);
    address = `${address.slice(0, tail.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, rest] = address.includes('::') ? address.split('::') : [address, undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  const hextets = rest === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return hextets.reduce((value, hextet) => (value << 16n) | BigInt(parseInt(hextet, 16)), 0n);
}

/** Parses a textual IPv4 or IPv6 address (brackets and an IPv6 zone are allowed); undefined if it is none. */
export function parseIp(input: string): IpAddress | undefined {
  const text = input.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(text)) return { family: 4, value: parseIPv4(text) };
  if (isIPv6(text)) return { family: 6, value: parseIPv6(text) };
  return undefined;
}

interface Range {
  base: bigint;
  bits: number;
  name: string;
}

function v4(cidr: string, name: string): Range {
  const [address, bits] = cidr.split('/');
  return { base: parseIPv4(address), bits: Number(bits), name };
}

function v6(cidr: string, name: string): Range {
  const [address, bits] = cidr.split('/');
  return { base: parseIPv6(address), bits: Number(bits), name };
}

/** IPv4 ranges an outbound call must never reach (IANA special-purpose registry, RFC 6890 and successors). */
const IPV4_FORBIDDEN: Range[] = [
  v4('0.0.0.0/8', 'this network'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'shared address space'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'IETF protocol assignments'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.31.196.0/24', 'AS112'),
  v4('192.52.193.0/24', 'AMT'),
  v4('192.88.99.0/24', '6to4 relay anycast'),
  v4('192.168.0.0/16', 'private'),
  v4('192.175.48.0/24', 'AS112'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'),
];

/** IPv6 ranges refused outright. IPv4-mapped and NAT64 addresses are judged by the IPv4 address they carry. */
const IPV6_FORBIDDEN: Range[] = [
  v6('::/96', 'unspecified, loopback or IPv4-compatible'),
  v6('64:ff9b:1::/48', 'local-use NAT64'),
  v6('100::/64', 'discard-only'),
  v6('2001::/23', 'IETF protocol assignments'),
  v6('2001:db8::/32', 'documentation'),
  v6('2002::/16', '6to4'),
  v6('3fff::/20', 'documentation'),
  v6('5f00::/16', 'segment routing'),
  v6('fc00::/7', 'unique local'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'site-local'),
  v6('ff00::/8', 'multicast'),
];

const IPV4_MAPPED = v6('::ffff:0:0/96', 'IPv4-mapped');
const NAT64 = v6('64:ff9b::/96', 'NAT64');

function inRange(value: bigint, range: Range, width: number): boolean {
  const shift = BigInt(width - range.bits);
  return value >> shift === range.base >> shift;
}

/**
 * Why an address is not a public unicast address (e.g. `loopback`, `private`), or undefined when an outbound
 * call may reach it. Text that is not an address is refused too.
 */
export function forbiddenAddressReason(address: string): string | undefined {
  const ip = parseIp(address);
  if (!ip) return 'not an IP address';
  if (ip.family === 4) return IPV4_FORBIDDEN.find((range) => inRange(ip.value, range, 32))?.name;
  for (const carrier of [IPV4_MAPPED, NAT64]) {
    if (inRange(ip.value, carrier, 128)) {
      const embedded = ip.value & 0xffffffffn;
      const reason = IPV4_FORBIDDEN.find((range) => inRange(embedded, range, 32))?.name;
      return reason === undefined ? undefined : `${carrier.name} ${reason}`;
    }
  }
  return IPV6_FORBIDDEN.find((range) => inRange(ip.value, range, 128))?.name;
}
