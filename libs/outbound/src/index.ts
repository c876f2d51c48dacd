export * from './ip-address.js';
export * from './outbound-error.js';
export * from './outbound-policy.js';
export * from './safe-lookup.js';
export * from './outbound-client.js';
