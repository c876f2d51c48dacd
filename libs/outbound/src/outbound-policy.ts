import { isIP } from 'node:net';
import { forbiddenAddressReason } from './ip-address.js';
import { OutboundError } from './outbound-error.js';

export interface OutboundPolicy {
  /**
   * Lets calls reach loopback, private and other special addresses and use plain http. Only for local
   * development and tests (`OUTBOUND_ALLOW_PRIVATE=true`).
   */
  allowPrivate: boolean;
  /**
   * Lets calls use plain http to public addresses (the address rules still hold). Only where the live API
   * allows it: API Extensions' HTTP destinations.
   */
  allowHttp?: boolean;
}

/** Reads `OUTBOUND_ALLOW_PRIVATE` (only the exact value `true` relaxes the policy). */
export function outboundPolicyFromEnv(env: Record<string, string | undefined> = process.env): OutboundPolicy {
  return { allowPrivate: env.OUTBOUND_ALLOW_PRIVATE === 'true' };
}

/** Refuses an address the policy does not let a call reach. */
export function assertAddressAllowed(address: string, policy: OutboundPolicy): void {
  if (policy.allowPrivate) return;
  const reason = forbiddenAddressReason(address);
  if (reason !== undefined) {
    throw new OutboundError('refused', `The address ${address} is not allowed (${reason}).`);
  }
}

/**
 * Checks a URL before any connection: https only (http too when private addresses are allowed), no user
 * information, and an IP-literal host must be allowed. Node's URL parser has already turned forms such as
 * `2130706433`, `0x7f.1` or `127.1` into `127.0.0.1`, so they are judged as the address they mean. Host names
 * are judged again on every resolved address at connect time (see `safeLookup`).
 */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('refused', 'The URL is not a valid absolute URL.');
  }
  const protocols = policy.allowPrivate || policy.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!protocols.includes(url.protocol)) {
    throw new OutboundError('refused', `The URL must use ${protocols.join(' or ')}.`);
  }
  if (url.username || url.password) throw new OutboundError('refused', 'The URL must not carry credentials.');
  // `localhost.` is `localhost`: a fully qualified name's trailing dot changes nothing.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isIP(host)) assertAddressAllowed(host, policy);
  else if (!policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) {
    throw new OutboundError('refused', 'The address localhost is not allowed (loopback).');
  }
  return url;
}
