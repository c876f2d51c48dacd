import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { OutboundError } from './outbound-error.js';
import { assertAddressAllowed, type OutboundPolicy } from './outbound-policy.js';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * A `lookup` for `net.connect` that resolves the host and refuses the connection unless every address it
 * resolves to is allowed: the check happens on the resolved address at connect time, so DNS cannot point an
 * allowed name at a private address between a check and the connection.
 */
export function safeLookup(policy: OutboundPolicy, resolve: Resolver = systemResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname)
      .then((addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = addresses.filter((entry) => !family || entry.family === family);
        if (usable.length === 0) throw new OutboundError('network', `The host ${hostname} has no address.`);
        for (const entry of usable) assertAddressAllowed(entry.address, policy);
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', undefined));
  };
}
