import { OutboundError } from './outbound-error.js';
import { checkOutboundUrl, outboundPolicyFromEnv } from './outbound-policy.js';

const strict = { allowPrivate: false };
const relaxed = { allowPrivate: true };

describe(checkOutboundUrl.name, () => {
  it.each([
    ['http://example.com/introspect', 'must use https:'],
    ['ftp://example.com/x', 'must use https:'],
    ['https://user:pw@example.com/', 'must not carry credentials'],
    ['not a url', 'not a valid absolute URL'],
    ['https://127.0.0.1/', 'loopback'],
    ['https://2130706433/', 'loopback'],
    ['https://0x7f.1/', 'loopback'],
    ['https://0x7f000001/', 'loopback'],
    ['https://0177.0.0.1/', 'loopback'],
    ['https://127.1/', 'loopback'],
    ['https://[::1]/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['https://[::ffff:7f00:1]:8443/', 'IPv4-mapped loopback'],
    ['https://10.0.0.1/', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[fd00::1]/', 'unique local'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://0.0.0.0/', 'this network'],
    ['https://localhost/', 'loopback'],
    ['https://api.localhost/', 'loopback'],
    ['https://localhost./', 'loopback'],
    ['https://api.localhost./', 'loopback'],
  ])('refuses %s', (url, message) => {
    let error: unknown;
    try {
      checkOutboundUrl(url, strict);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).reason).toBe('refused');
    expect((error as Error).message).toContain(message);
  });

  it.each(['https://auth.example.com/introspect', 'https://8.8.8.8/x', 'https://[2606:4700::1111]/'])(
    'accepts %s',
    (url) => expect(checkOutboundUrl(url, strict).href).toBe(new URL(url).href),
  );

  it('allows loopback and plain http only when private addresses are allowed', () => {
    expect(checkOutboundUrl('http://127.0.0.1:8080/x', relaxed).port).toBe('8080');
    expect(() => checkOutboundUrl('http://127.0.0.1:8080/x', strict)).toThrow(OutboundError);
  });
});

describe('allowHttp (API Extensions)', () => {
  const http = { allowPrivate: false, allowHttp: true };

  it('accepts plain http to a public host and still refuses special addresses and other schemes', () => {
    expect(checkOutboundUrl('http://www.commercetools.com', http).hostname).toBe('www.commercetools.com');
    expect(() => checkOutboundUrl('http://127.0.0.1/', http)).toThrow('loopback');
    expect(() => checkOutboundUrl('http://localhost/', http)).toThrow('loopback');
    expect(() => checkOutboundUrl('http://169.254.169.254/', http)).toThrow('link-local');
    expect(() => checkOutboundUrl('ftp://example.com/', http)).toThrow('must use https: or http:');
  });
});

describe(outboundPolicyFromEnv.name, () => {
  it('relaxes the policy only for the exact value true', () => {
    expect(outboundPolicyFromEnv({ OUTBOUND_ALLOW_PRIVATE: 'true' }).allowPrivate).toBe(true);
    for (const value of [undefined, '', '1', 'TRUE', 'yes']) {
      expect(outboundPolicyFromEnv({ OUTBOUND_ALLOW_PRIVATE: value }).allowPrivate).toBe(false);
    }
  });
});
