import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

interface Range {
  cidr: [IpAddress, number];
  name: string;
}

const ranges = (list: Array<[string, string]>): Range[] =>
  list.map(([cidr, name]) => ({ cidr: ipaddr.parseCIDR(cidr), name }));

/**
 * Parses a textual IPv4 or IPv6 address (brackets and an IPv6 zone are allowed); undefined if it is none.
 * Only the standard forms count: `2130706433`, `0x7f.1` or `127.1` are not addresses here.
 */
export function parseIp(input: string): IpAddress | undefined {
  const text = input.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(text);
  if (family === 0) return undefined;
  // ipaddr.js reads any dotted IPv6 tail as IPv4-mapped (`::127.0.0.1` too): the WHATWG URL parser gives the
  // canonical hex form first.
  return ipaddr.parse(family === 6 ? new URL(`http://[${text}]`).hostname.slice(1, -1) : text);
}

/** IPv4 ranges an outbound call must never reach (IANA special-purpose registry, RFC 6890 and successors). */
const IPV4_FORBIDDEN = ranges([
  ['0.0.0.0/8', 'this network'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared address space'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.31.196.0/24', 'AS112'],
  ['192.52.193.0/24', 'AMT'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'AS112'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
]);

/** IPv6 ranges refused outright. IPv4-mapped and NAT64 addresses are judged by the IPv4 address they carry. */
const IPV6_FORBIDDEN = ranges([
  ['::/96', 'unspecified, loopback or IPv4-compatible'],
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard-only'],
  ['2001::/23', 'IETF protocol assignments'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', '6to4'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segment routing'],
  ['fc00::/7', 'unique local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
]);

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

function reasonIn(ip: IpAddress, forbidden: Range[]): string | undefined {
  return forbidden.find(({ cidr }) => ip.kind() === cidr[0].kind() && ip.match(cidr))?.name;
}

/**
 * Why an address is not a public unicast address (e.g. `loopback`, `private`), or undefined when an outbound
 * call may reach it. Text that is not an address is refused too. IPv4-mapped and NAT64 addresses are judged
 * by the IPv4 address they carry.
 */
export function forbiddenAddressReason(address: string): string | undefined {
  const ip = parseIp(address);
  if (!ip) return 'not an IP address';
  if (ip instanceof ipaddr.IPv4) return reasonIn(ip, IPV4_FORBIDDEN);
  const carried = ip.isIPv4MappedAddress()
    ? { carrier: 'IPv4-mapped', v4: ip.toIPv4Address() }
    : ip.match(NAT64)
      ? { carrier: 'NAT64', v4: new ipaddr.IPv4(ip.toByteArray().slice(12)) }
      : undefined;
  if (carried) {
    const reason = reasonIn(carried.v4, IPV4_FORBIDDEN);
    return reason === undefined ? undefined : `${carried.carrier} ${reason}`;
  }
  return reasonIn(ip, IPV6_FORBIDDEN);
}

/** Whether `address` is a loopback address (127.0.0.0/8, ::1): this machine. */
export function isLoopbackAddress(address: string): boolean {
  return parseIp(address)?.range() === 'loopback';
}
