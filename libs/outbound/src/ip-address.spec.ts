import { forbiddenAddressReason, isLoopbackAddress, parseIp } from './ip-address.js';

describe(forbiddenAddressReason.name, () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared address space'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'unspecified, loopback or IPv4-compatible'],
    ['::', 'unspecified, loopback or IPv4-compatible'],
    ['[::1]', 'unspecified, loopback or IPv4-compatible'],
    ['::127.0.0.1', 'unspecified, loopback or IPv4-compatible'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'IETF protocol assignments'],
    ['2002:7f00:1::1', '6to4'],
    ['100::1', 'discard-only'],
    ['localhost', 'not an IP address'],
    ['2130706433', 'not an IP address'],
    ['0x7f.1', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => expect(forbiddenAddressReason(address)).toBe(reason));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => expect(forbiddenAddressReason(address)).toBeUndefined());
});

describe(parseIp.name, () => {
  it('reads IPv6 with compression and a dotted tail as the same address', () => {
    expect(parseIp('::ffff:127.0.0.1')?.toNormalizedString()).toBe(
      parseIp('0:0:0:0:0:ffff:7f00:0001')?.toNormalizedString(),
    );
    expect(parseIp('[1::]')?.toNormalizedString()).toBe('1:0:0:0:0:0:0:0');
    expect(parseIp('1.2.3.4')?.toByteArray()).toEqual([1, 2, 3, 4]);
  });

  it.each(['', '1.2.3', '256.1.1.1', '01.2.3.4', '::g', 'example.com'])('rejects %j', (text) =>
    expect(parseIp(text)).toBeUndefined(),
  );
});

describe(isLoopbackAddress.name, () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['128.0.0.1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false],
    ['127.1', false],
    ['localhost', false],
  ])('%s -> %s', (address, loopback) => expect(isLoopbackAddress(address)).toBe(loopback));
});
